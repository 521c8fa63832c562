/* book.js: what the book's pages do in a browser, all offline:
   the table of contents as a menu on narrow screens, a light/dark theme
   switch (the system's until the reader chooses; the choice is kept),
   the arrow keys for the previous and next page, a copy button on every
   code block, and full-text search with lunr over window.BOOK_SEARCH
   (search-index.js, written by build/book/book-search.py). */
(function () {
  'use strict';

  var menu = document.getElementById('menu');
  var sidebar = document.getElementById('sidebar');
  if (menu && sidebar) {
    menu.addEventListener('click', function () {
      var open = document.body.classList.toggle('show-toc');
      menu.setAttribute('aria-expanded', open ? 'true' : 'false');
    });
  }

  // The theme: "system" (no data-theme: book.css follows
  // prefers-color-scheme), then light, then dark; the choice is kept in
  // localStorage (the head of every page applies it before the style).
  var themeButton = document.getElementById('theme');
  function currentTheme() {
    return document.documentElement.getAttribute('data-theme') || 'system';
  }
  function showTheme() {
    if (themeButton) themeButton.textContent = 'Theme: ' + currentTheme();
  }
  if (themeButton) {
    showTheme();
    themeButton.addEventListener('click', function () {
      var next = {system: 'light', light: 'dark', dark: 'system'}[currentTheme()];
      if (next === 'system') document.documentElement.removeAttribute('data-theme');
      else document.documentElement.setAttribute('data-theme', next);
      try {
        if (next === 'system') localStorage.removeItem('book-theme');
        else localStorage.setItem('book-theme', next);
      } catch (err) { /* no storage (a private window): the choice lasts this page */ }
      showTheme();
    });
  }

  // Keyboard: left and right arrows turn the page, / searches.
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
    var rel = e.key === 'ArrowLeft' ? 'prev' : e.key === 'ArrowRight' ? 'next' : null;
    if (e.key === 'Escape' && document.body.classList.contains('show-toc')) {
      document.body.classList.remove('show-toc');
      if (menu) { menu.setAttribute('aria-expanded', 'false'); menu.focus(); }
    } else if (rel) {
      var a = document.querySelector('nav.pages a[rel="' + rel + '"]');
      if (a) { window.location.href = a.href; e.preventDefault(); }
    } else if (e.key === '/') {
      var box = document.getElementById('search');
      if (box) {
        document.body.classList.add('show-toc');
        if (menu) menu.setAttribute('aria-expanded', 'true');
        box.focus();
        e.preventDefault();
      }
    }
  });

  // Copy buttons.
  function copyText(text, done) {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { fallback(text, done); });
    } else {
      fallback(text, done);
    }
  }
  function fallback(text, done) {
    var area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try { document.execCommand('copy'); done(); } catch (err) { /* nothing to copy to */ }
    document.body.removeChild(area);
  }
  Array.prototype.forEach.call(document.querySelectorAll('main pre'), function (pre) {
    if (pre.classList.contains('pan-summary')) return;
    var holder = pre.parentNode.classList && pre.parentNode.classList.contains('sourceCode')
      ? pre.parentNode : pre;
    var wrap = document.createElement('div');
    wrap.className = 'copyable';
    holder.parentNode.insertBefore(wrap, holder);
    wrap.appendChild(holder);
    var b = document.createElement('button');
    b.type = 'button';
    b.className = 'copy';
    b.textContent = 'Copy';
    b.setAttribute('aria-label', 'Copy this code');
    b.addEventListener('click', function () {
      copyText(pre.innerText.replace(/\n$/, ''), function () {
        b.textContent = 'Copied';
        setTimeout(function () { b.textContent = 'Copy'; }, 1500);
      });
    });
    wrap.appendChild(b);
  });

  // Search.  The query is text, not lunr's query language (a flag such
  // as -DCOLLAPSE is not "must not contain DCOLLAPSE"): sections that
  // contain the query as written come first, then those that hold all
  // its words (the last one may be a beginning being typed).  The index
  // is built when the page is idle, before the first keystroke.
  var index = null;
  var docs = {};
  var LIMIT = 25;
  function build() {
    if (index || !window.lunr || !window.BOOK_SEARCH) return index;
    window.BOOK_SEARCH.forEach(function (d) { docs[d.u] = d; });
    index = window.lunr(function () {
      this.ref('u');
      this.field('t', { boost: 5 });
      this.field('b');
      var self = this;
      window.BOOK_SEARCH.forEach(function (d) { self.add(d); });
    });
    return index;
  }
  // An answer's page (a quiz's or an exercise's) ranks after the chapters.
  function answer(d) { return /(^|\/)ch\d+-(quiz|ex)\d+\.html/.test(d.u) ? 1 : 0; }
  function norm(text) { return text.toLowerCase().replace(/\s+/g, ' '); }
  function words(q) {
    return q.toLowerCase().split(/[\s\-]+/).map(function (w) {
      return w.replace(/^\W+|\W+$/g, '');
    }).filter(Boolean);
  }
  function search(q) {
    if (!build() || !q.trim()) return [];
    var text = norm(q.trim());
    var order = [];
    var seen = {};
    function add(u) { if (!seen[u]) { seen[u] = true; order.push(docs[u]); } }
    var literal = window.BOOK_SEARCH.filter(function (d) {
      return norm(d.t + ' ' + d.b).indexOf(text) >= 0;
    });
    literal.sort(function (a, b) {
      return (norm(b.t).indexOf(text) >= 0) - (norm(a.t).indexOf(text) >= 0) ||
        answer(a) - answer(b);
    });
    literal.forEach(function (d) { add(d.u); });
    var ws = words(q);
    if (ws.length) {
      // Every word as written (stemmed: "cycle" finds "cycles"), then the
      // last as a beginning being typed ("cyc"): a wildcard term is not
      // stemmed, so it alone would miss the whole word.
      var hits = [false, true].map(function (typing) {
        return index.query(function (query) {
          ws.forEach(function (w, i) {
            query.term(window.lunr.tokenizer(w), {
              presence: window.lunr.Query.presence.REQUIRED,
              wildcard: typing && i === ws.length - 1 ? window.lunr.Query.wildcard.TRAILING
                : window.lunr.Query.wildcard.NONE
            });
          });
        });
      });
      var ranked = hits[0].concat(hits[1]).map(function (h) { return docs[h.ref]; });
      // The chapters before the answers: a stable sort keeps lunr's order
      // within each.
      ranked.sort(function (a, b) { return answer(a) - answer(b); });
      ranked.forEach(function (d) { add(d.u); });
    }
    return order;
  }
  window.bookSearch = search;
  if (window.requestIdleCallback) window.requestIdleCallback(build);
  else setTimeout(build, 200);

  // Marks TERMS (lower case) in the text under ROOT with <mark>.
  function highlight(root, terms) {
    terms = terms.filter(function (t) { return t.length > 1; });
    if (!terms.length) return 0;
    var re = new RegExp('(' + terms.map(function (t) {
      return t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }).join('|') + ')', 'gi');
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, null);
    var nodes = [];
    for (var n = walker.nextNode(); n; n = walker.nextNode()) {
      var p = n.parentNode;
      if (p && !p.closest('script, style, mark, #sidebar, nav, button') && re.test(n.nodeValue)) nodes.push(n);
      re.lastIndex = 0;
    }
    var count = 0;
    nodes.forEach(function (node) {
      var frag = document.createDocumentFragment();
      var parts = node.nodeValue.split(re);
      parts.forEach(function (part, i) {
        if (i % 2) {
          var m = document.createElement('mark');
          m.className = 'search-hit';
          m.textContent = part;
          frag.appendChild(m);
          count++;
        } else if (part) {
          frag.appendChild(document.createTextNode(part));
        }
      });
      node.parentNode.replaceChild(frag, node);
    });
    return count;
  }
  function termsOf(q) {
    var t = q.trim();
    return /[^\w\s]/.test(t) ? [t].concat(words(q)) : words(q);
  }
  // A page opened from a search result marks what was searched for and
  // scrolls to the first mark in the section.
  var asked = /[?&]highlight=([^&#]*)/.exec(window.location.search);
  var main = document.getElementById('content');
  if (asked && main) {
    var q0 = decodeURIComponent(asked[1].replace(/\+/g, ' '));
    if (highlight(main, termsOf(q0))) {
      var start = window.location.hash ? document.getElementById(decodeURIComponent(window.location.hash.slice(1))) : null;
      var marks = main.querySelectorAll('mark.search-hit');
      var first = marks[0];
      for (var i = 0; start && i < marks.length; i++) {
        if (start.compareDocumentPosition(marks[i]) & Node.DOCUMENT_POSITION_FOLLOWING) { first = marks[i]; break; }
      }
      if (first && first.scrollIntoView) first.scrollIntoView({block: 'center'});
    }
  }

  var box = document.getElementById('search');
  var list = document.getElementById('search-results');
  function snippet(d, q) {
    var ws = termsOf(q);
    var text = d.b;
    var lower = text.toLowerCase();
    var at = -1;
    for (var i = 0; i < ws.length && at < 0; i++) at = lower.indexOf(ws[i].toLowerCase());
    var start = Math.max(0, at - 40);
    var span = document.createElement('span');
    span.className = 'snippet';
    span.textContent = (start > 0 ? '\u2026' : '') + text.slice(start, start + 140) + '\u2026';
    highlight(span, ws);
    return span;
  }
  function resultLinks() { return list ? list.querySelectorAll('a') : []; }
  if (box && list) {
    box.addEventListener('input', function () {
      var q = box.value;
      list.textContent = '';
      if (!q.trim()) return;
      var hits = search(q);
      if (!hits.length) {
        var none = document.createElement('li');
        none.className = 'none';
        none.textContent = 'No section mentions that.';
        list.appendChild(none);
        return;
      }
      hits.slice(0, LIMIT).forEach(function (d) {
        var li = document.createElement('li');
        var a = document.createElement('a');
        var hash = d.u.indexOf('#');
        a.href = (hash < 0 ? d.u : d.u.slice(0, hash)) + '?highlight=' + encodeURIComponent(q.trim())
          + (hash < 0 ? '' : d.u.slice(hash));
        var strong = document.createElement('strong');
        strong.textContent = d.t;
        highlight(strong, termsOf(q));
        a.appendChild(strong);
        if (d.p && d.p !== d.t) a.appendChild(document.createTextNode(' \u2014 ' + d.p));
        li.appendChild(a);
        li.appendChild(snippet(d, q));
        list.appendChild(li);
      });
      if (hits.length > LIMIT) {
        var more = document.createElement('li');
        more.className = 'more';
        more.textContent = 'The first ' + LIMIT + ' of ' + hits.length + ' sections; add a word to narrow the search.';
        list.appendChild(more);
      }
    });
    // Arrow keys move between the box and the results; Esc clears the
    // search and goes back to the box (and then leaves it).
    function move(e) {
      var links = Array.prototype.slice.call(resultLinks());
      var at = links.indexOf(document.activeElement);
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (!links.length) return;
        var next = e.key === 'ArrowDown' ? at + 1 : at - 1;
        if (next >= links.length) next = links.length - 1;
        if (next < 0) box.focus(); else links[next].focus();
        e.preventDefault();
        e.stopPropagation();
      } else if (e.key === 'Escape') {
        if (box.value || at >= 0) {
          box.value = '';
          list.textContent = '';
          box.focus();
        } else {
          box.blur();
          document.body.classList.remove('show-toc');
          if (menu) menu.setAttribute('aria-expanded', 'false');
        }
        e.preventDefault();
        e.stopPropagation();
      }
    }
    box.addEventListener('keydown', move);
    list.addEventListener('keydown', move);
  }
}());
