// hls.js ships the light build (no subtitles, alternate audio or DRM: nothing lesson streams use) without its own types.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
  export * from 'hls.js';
}
