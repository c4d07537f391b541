/* global importScripts */
// The address the practice pages' service worker had: phones that installed it from there get the
// site's one worker (built into /sw.js from service-worker/sw.ts) at their next update check.
importScripts('/sw.js');
