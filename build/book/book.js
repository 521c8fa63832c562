/* book.js: what the book's pages do in a browser, all offline:
   the table of contents as a menu on narrow screens, the arrow keys for
   the previous and next page, a copy button on every code block, and
   full-text search with lunr over window.BOOK_SEARCH (search-index.js,
   written by build/book/book-search.py). */
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

  // Keyboard: left and right arrows turn the page, / searches.
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
    var rel = e.key === 'ArrowLeft' ? 'prev' : e.key === 'ArrowRight' ? 'next' : null;
    if (rel) {
      var a = document.querySelector('nav.pages a[rel="' + rel + '"]');
      if (a) { window.location.href = a.href; e.preventDefault(); }
    } else if (e.key === '/') {
      var box = document.getElementById('search');
      if (box) {
        document.body.classList.add('show-toc');
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

  // Search.
  var index = null;
  var docs = {};
  function build() {
    if (index || !window.lunr || !window.BOOK_SEARCH) return index;
    window.BOOK_SEARCH.forEach(function (d) { docs[d.u] = d; });
    index = window.lunr(function () {
      this.ref('u');
      this.field('t', { boost: 5 });
      this.field('b');
      this.metadataWhitelist = ['position'];
      var self = this;
      window.BOOK_SEARCH.forEach(function (d) { self.add(d); });
    });
    return index;
  }
  function search(q) {
    if (!build() || !q.trim()) return [];
    var hits;
    try {
      hits = index.search(q);
    } catch (err) {  // a query lunr cannot parse: search its words
      hits = index.search(q.replace(/[:~^*+\-]/g, ' '));
    }
    if (!hits.length) {  // words being typed: match their beginnings
      var words = q.toLowerCase().split(/\s+/).filter(Boolean);
      hits = index.query(function (query) {
        words.forEach(function (w) {
          query.term(w, { wildcard: window.lunr.Query.wildcard.TRAILING });
        });
      });
    }
    return hits.map(function (h) { return docs[h.ref]; });
  }
  window.bookSearch = search;

  var box = document.getElementById('search');
  var list = document.getElementById('search-results');
  function snippet(d, q) {
    var words = q.toLowerCase().split(/\s+/).filter(Boolean);
    var text = d.b;
    var at = -1;
    for (var i = 0; i < words.length && at < 0; i++) at = text.toLowerCase().indexOf(words[i]);
    var start = Math.max(0, at - 40);
    return (start > 0 ? '\u2026' : '') + text.slice(start, start + 140) + '\u2026';
  }
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
      hits.slice(0, 25).forEach(function (d) {
        var li = document.createElement('li');
        var a = document.createElement('a');
        a.href = d.u;
        var strong = document.createElement('strong');
        strong.textContent = d.t;
        a.appendChild(strong);
        if (d.p && d.p !== d.t) a.appendChild(document.createTextNode(' \u2014 ' + d.p));
        var p = document.createElement('span');
        p.className = 'snippet';
        p.textContent = snippet(d, q);
        li.appendChild(a);
        li.appendChild(p);
        list.appendChild(li);
      });
    });
  }
}());
