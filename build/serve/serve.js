/* serve.js: the workbench inside the book's pages, added to every page
   by make serve (build/serve/serve.py) and only there.  Under each model
   listing (a caption naming models/NAME): Edit (CodeMirror, with the
   book's Promela words), Verify (a run's flags, editable), Simulate (a
   seeded random run), Replay (the trail's timeline and variables),
   Automaton, and on an exercise's file Grade.  The edited text is kept
   in this browser (localStorage) at every change, so a reload loses
   nothing; Save writes it to models/ only when the file there is still
   the one this edit started from. */
(function () {
  'use strict';
  var S = window.SERVE || {};
  var STORE = 'spin-serve:';

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text) e.textContent = text;
    return e;
  }
  function api(path, body) {
    var init = {credentials: 'same-origin'};
    if (body) {
      init.method = 'POST';
      init.headers = {'Content-Type': 'application/json'};
      init.body = JSON.stringify(body);
    }
    return fetch(path, init).then(function (r) {
      return r.text().then(function (t) {
        var j;
        try { j = JSON.parse(t); } catch (e) { j = {error: t.trim() || ('HTTP ' + r.status)}; }
        j.status = r.status;
        return j;
      });
    }, function () { return {error: 'make serve does not answer (is it still running?)'}; });
  }
  function kept(name) {
    try { return JSON.parse(localStorage.getItem(STORE + name) || 'null'); } catch (e) { return null; }
  }
  function keep(name, value) {
    try {
      if (value) localStorage.setItem(STORE + name, JSON.stringify(value));
      else localStorage.removeItem(STORE + name);
    } catch (e) { /* no storage: the edit lasts this page */ }
  }

  // Promela for CodeMirror's C-like mode, from the book's own word lists
  // (build/book/promela.xml).
  if (window.CodeMirror) {
    var set = function (lists) {
      var o = {};
      lists.forEach(function (l) { ((S.keywords || {})[l] || []).forEach(function (w) { o[w] = true; }); });
      return o;
    };
    var kw = S.keywords || {};
    var names = Object.keys(kw);
    CodeMirror.defineMIME('text/x-promela', {
      name: 'clike',
      keywords: set(names.filter(function (n) { return !/type|constant|builtin/i.test(n); })),
      types: set(names.filter(function (n) { return /type/i.test(n); })),
      atoms: set(names.filter(function (n) { return /constant/i.test(n); })),
      builtin: set(names.filter(function (n) { return /builtin/i.test(n); })),
      hooks: {'#': function (stream) { stream.skipToEnd(); return 'meta'; }}
    });
  }

  var models = {};   // name -> the file as make serve read it, with its runs
  function model(name) {
    if (!models[name]) models[name] = api('/api/model?name=' + encodeURIComponent(name));
    return models[name];
  }

  function Bench(caption, listing, name) {
    this.name = name;
    var bar = el('div', {'class': 'serve-bar', role: 'toolbar', 'aria-label': 'Run ' + name});
    this.panel = el('div', {'class': 'serve-panel', hidden: ''});
    listing.parentNode.insertBefore(bar, listing.nextSibling);
    bar.parentNode.insertBefore(this.panel, bar.nextSibling);
    var self = this;
    this.buttons = {};
    ['Edit', 'Verify', 'Simulate', 'Replay', 'Automaton', 'Grade'].forEach(function (b) {
      var btn = el('button', {type: 'button', 'class': 'serve-' + b.toLowerCase()}, b);
      btn.addEventListener('click', function () { self.act(b); });
      if (b === 'Grade') btn.hidden = true;
      bar.appendChild(btn);
      self.buttons[b] = btn;
    });
    model(name).then(function (m) {
      if (m.exercise) {
        self.buttons.Grade.hidden = false;
        self.buttons.Grade.textContent = 'Grade (exercise ' + m.exercise + ')';
      }
    });
  }

  Bench.prototype.open = function () {
    var self = this;
    if (this.ready) return this.ready;
    this.panel.hidden = false;
    this.ready = model(this.name).then(function (m) {
      if (m.error) { self.say(m.error, 'bad'); throw new Error(m.error); }
      self.disk = m;
      var saved = kept(self.name);
      var text = m.text;
      self.base = m.sha;
      var note = el('p', {'class': 'serve-note'});
      if (saved && saved.text !== m.text) {
        text = saved.text;
        self.base = saved.base;
        note.textContent = 'Your edit of models/' + self.name + ' (kept in this browser); ' +
          'Revert takes the file on disk.';
      } else {
        note.textContent = 'models/' + self.name + ', the whole file' +
          ' (your edits are kept in this browser; Save writes them to models/).';
      }
      self.panel.appendChild(note);
      self.note = note;
      var host = el('div', {'class': 'serve-editor'});
      self.panel.appendChild(host);
      self.cm = CodeMirror(host, {value: text, mode: 'text/x-promela', lineNumbers: true,
                                  indentUnit: 8, indentWithTabs: true, viewportMargin: Infinity});
      self.cm.on('change', function () {
        keep(self.name, {text: self.cm.getValue(), base: self.base, when: Date.now()});
      });
      self.flags(m.runs || []);
      var row = el('div', {'class': 'serve-row'});
      [['Save', function () { self.save(false); }], ['Save a copy', function () { self.save(true); }],
       ['Revert', function () { self.revert(); }]].forEach(function (b) {
        var btn = el('button', {type: 'button', 'class': 'serve-' + b[0].toLowerCase().replace(/ /g, '-')}, b[0]);
        btn.addEventListener('click', b[1]);
        row.appendChild(btn);
      });
      self.panel.appendChild(row);
      self.out = el('div', {'class': 'serve-out', 'aria-live': 'polite'});
      self.panel.appendChild(self.out);
    });
    return this.ready;
  };

  Bench.prototype.flags = function (runs) {
    var self = this;
    var box = el('div', {'class': 'serve-flags'});
    var pick = el('select', {'aria-label': 'flags of a run of the book'});
    pick.appendChild(el('option', {value: ''}, runs.length ? 'flags of the run…' : 'no run of the book'));
    runs.forEach(function (r, i) { pick.appendChild(el('option', {value: String(i)}, r.id)); });
    box.appendChild(pick);
    this.fields = {};
    [['defs', 'DEFS', '-DNUMPROCS=3'], ['cflags', 'CFLAGS', '-DCOLLAPSE'],
     ['runflags', 'RUNFLAGS', '-m100000'], ['ltl', 'LTL', 'name'],
     ['seed', 'SEED', 'random'], ['steps', 'STEPS', '1000']].forEach(function (f) {
      var label = el('label', {}, f[1] + ' ');
      var input = el('input', {type: 'text', name: f[0], placeholder: f[2], size: f[0] === 'seed' || f[0] === 'steps' ? 7 : 14});
      label.appendChild(input);
      box.appendChild(label);
      self.fields[f[0]] = input;
    });
    ['fair', 'np'].forEach(function (f) {
      var label = el('label', {}, f === 'fair' ? ' FAIR ' : ' NP ');
      var input = el('input', {type: 'checkbox', name: f});
      label.appendChild(input);
      box.appendChild(label);
      self.fields[f] = input;
    });
    pick.addEventListener('change', function () {
      var r = runs[Number(pick.value)];
      if (!r) return;
      ['defs', 'cflags', 'runflags', 'ltl'].forEach(function (k) { self.fields[k].value = r[k] || ''; });
      self.fields.fair.checked = !!r.fair;
      self.fields.np.checked = !!r.np;
    });
    // The first run of the book is the default: its flags are shown.
    if (runs.length) { pick.value = '0'; pick.dispatchEvent(new Event('change')); }
    this.panel.appendChild(box);
  };

  Bench.prototype.say = function (text, cls) {
    if (!this.out) { this.out = el('div', {'class': 'serve-out'}); this.panel.appendChild(this.out); }
    this.out.textContent = '';
    this.out.appendChild(el('p', {'class': 'serve-verdict ' + (cls || '')}, text));
  };

  Bench.prototype.body = function () {
    var f = this.fields, b = {name: this.name, text: this.cm.getValue()};
    ['defs', 'cflags', 'runflags', 'ltl', 'seed', 'steps'].forEach(function (k) { b[k] = f[k].value.trim(); });
    b.fair = f.fair.checked ? 1 : 0;
    b.np = f.np.checked ? 1 : 0;
    return b;
  };

  Bench.prototype.act = function (what) {
    var self = this;
    this.open().then(function () {
      if (what === 'Edit') { self.cm.refresh(); self.cm.focus(); return; }
      var body = self.body();
      if (what === 'Grade') body.exercise = self.disk.exercise;
      self.say(what + ': running…', 'busy');
      self.panel.setAttribute('aria-busy', 'true');
      api('/api/' + what.toLowerCase(), body).then(function (r) {
        self.panel.removeAttribute('aria-busy');
        self.show(what, r);
      });
    });
  };

  Bench.prototype.show = function (what, r) {
    var verdict = r.refused || r.error || r.verdict || '(no verdict)';
    var good = !r.refused && !r.error && !r.limit && r.code === 0;
    this.say(verdict, good ? 'ok' : 'bad');
    this.out.setAttribute('data-done', what);
    if (r.seed) {
      this.fields.seed.value = r.seed;
      this.out.appendChild(el('p', {'class': 'serve-note'}, 'Seed ' + r.seed +
        ' (kept in SEED: Simulate again repeats this run).'));
    }
    var views = r.views || {};
    var show = what === 'Replay' || what === 'Verify' ? ['trail', 'unreached'] :
      what === 'Automaton' ? ['automaton'] : [];
    var self = this;
    show.forEach(function (k) {
      if (!views[k]) return;
      var frame = el('iframe', {'class': 'serve-view serve-' + k, sandbox: 'allow-same-origin',
                                title: k + ' of models/' + self.name});
      frame.srcdoc = views[k];
      frame.addEventListener('load', function () {
        try { frame.style.height = Math.min(frame.contentDocument.documentElement.scrollHeight + 20, 1600) + 'px'; } catch (e) { /* keep the default height */ }
      });
      self.out.appendChild(frame);
    });
    if (r.output) {
      // Everything Spin printed, open (it scrolls): no line of it hidden.
      var det = el('details', {'class': 'serve-report'});
      det.open = true;
      det.appendChild(el('summary', {}, what === 'Grade' ? 'the grader’s lines' : 'what the run printed'));
      det.appendChild(el('pre', {}, r.output));
      this.out.appendChild(det);
    }
  };

  Bench.prototype.save = function (copy) {
    var self = this;
    api('/api/save', {name: this.name, text: this.cm.getValue(), base: this.base, copy: copy})
      .then(function (r) {
        if (r.error) { self.say(r.error, 'bad'); return; }
        if (!copy) {
          self.base = r.sha;
          keep(self.name, null);
          models[self.name] = null;
        }
        self.say('Saved to ' + r.saved + '.', 'ok');
      });
  };

  Bench.prototype.revert = function () {
    var self = this;
    models[this.name] = null;
    model(this.name).then(function (m) {
      if (m.error) { self.say(m.error, 'bad'); return; }
      keep(self.name, null);
      self.base = m.sha;
      self.cm.setValue(m.text);
      keep(self.name, null);
      self.say('Back to models/' + self.name + ' as it is on disk.', 'ok');
    });
  };

  var MODEL = /^models\/([A-Za-z0-9_][A-Za-z0-9_.+-]*\.(?:spin|pml))\b/;
  document.querySelectorAll('div.caption').forEach(function (cap) {
    var m = MODEL.exec(cap.textContent.trim());
    var listing = cap.nextElementSibling;
    if (!m || !listing || !listing.querySelector('pre')) return;
    new Bench(cap, listing, m[1]);
  });

  // The book rebuilt (a chapter changed): reload, the edits are kept.
  setInterval(function () {
    api('/api/version').then(function (r) {
      if (typeof r.version === 'number' && r.version !== S.version) window.location.reload();
    });
  }, 3000);
}());
