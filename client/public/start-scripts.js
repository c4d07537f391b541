/* global document, requestAnimationFrame */
// A server-rendered page can be read before its scripts run. They start once it is on screen, so
// its first paint never waits for them: on a slow phone, running them takes about a second, and
// when they come from the cache they would otherwise run before anything is shown. Until then,
// links work as plain links.
(function () {
  var tag = document.currentScript;
  function add(name, attributes) {
    var element = document.createElement(name);
    Object.keys(attributes).forEach(function (key) {
      element.setAttribute(key, attributes[key]);
    });
    document.head.appendChild(element);
  }
  function start() {
    tag.dataset.preload.split(' ').forEach(function (href) {
      if (href) add('link', { rel: 'modulepreload', crossorigin: '', fetchpriority: 'low', href: href });
    });
    add('script', { type: 'module', crossorigin: '', fetchpriority: 'low', src: tag.dataset.entry });
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
