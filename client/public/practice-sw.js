/* global self, caches, Response */
// The practice pages' service worker: a model test page reloaded with no network opens from the
// cache (the page keeps itself and its scripts there: offline-practice.ts), with the answers kept on
// the phone. Pages are asked of the network first, so a reachable server always answers; built
// assets never change under their name, so the cache answers them first and keeps each one fetched.
// GraphQL is never cached here.
var CACHE = 'shikhon-practice-v1';
var PRACTICE_PAGE = /^\/(attempts|model-tests)(\/|$)/;
/** Files a page needs that keep their name from one build to the next: the network first, the cache without one. */
var PLAIN_FILES = /^\/(start-scripts\.js|favicon\.svg)$/;

self.addEventListener('install', function () {
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});

function fromCache(request) {
  // Pages vary by the sign-in and language cookies: the one kept is the one this phone saw.
  return caches.match(request, { ignoreVary: true });
}

/** Keeps a copy of a good answer for the next time there is no network. */
function keep(event, request, response) {
  if (response.ok) {
    var copy = response.clone();
    event.waitUntil(
      caches.open(CACHE).then(function (cache) {
        return cache.put(request, copy);
      }),
    );
  }
  return response;
}

/** Files a practice page loads later (a chunk, a font) are kept as they come; other pages' files are not. */
function keepForPracticePage(event, request) {
  return function (response) {
    var copy = response.clone();
    event.waitUntil(
      self.clients.get(event.clientId).then(function (client) {
        if (client && PRACTICE_PAGE.test(new URL(client.url).pathname)) keep(event, request, copy);
      }),
    );
    return response;
  };
}

function networkFirst(event, request) {
  return fetch(request)
    .then(function (response) {
      return keep(event, request, response);
    })
    .catch(function () {
      return fromCache(request).then(function (kept) {
        return kept || Response.error();
      });
    });
}

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if ((request.mode === 'navigate' && PRACTICE_PAGE.test(url.pathname)) || PLAIN_FILES.test(url.pathname)) {
    event.respondWith(networkFirst(event, request));
    return;
  }
  if (url.pathname.indexOf('/assets/') === 0) {
    event.respondWith(
      fromCache(request).then(function (kept) {
        return kept || fetch(request).then(keepForPracticePage(event, request));
      }),
    );
  }
});
