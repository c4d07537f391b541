/** How a lesson's video address is shown: in a <video> element, or as an embed page in a sandboxed frame. */

/** Files (and HLS streams) play in a <video>; anything else is an embed page shown in an iframe. */
export function isVideoFile(url: string): boolean {
  const path = url.split(/[?#]/)[0].toLowerCase();
  return /\.(mp4|webm|ogg|ogv|m3u8)$/.test(path);
}

/**
 * What an embedded player (YouTube, Vimeo...) may do in its frame: run its scripts with its own
 * storage, and go full screen. No forms, no top-level navigation, no pop-ups, no downloads. A page of
 * this site itself gets no `allow-same-origin`, or its scripts could lift the sandbox.
 */
export function embedSandbox(url: string, siteOrigin: string): string {
  let sameSite = true;
  try {
    sameSite = new URL(url, siteOrigin).origin === siteOrigin;
  } catch {
    // An address the browser cannot read is treated as this site's: the stricter sandbox.
  }
  return sameSite ? 'allow-scripts allow-presentation' : 'allow-scripts allow-same-origin allow-presentation';
}

/** The features an embedded player may use, each only for the player's own origin. */
export const EMBED_ALLOW = 'accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen';
