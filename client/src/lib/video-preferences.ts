/** What a viewer chose for lesson streams, kept in this browser. */
export type Quality = 'auto' | '240p' | '360p' | '720p' | 'audio';
export const QUALITIES: Quality[] = ['auto', '240p', '360p', '720p', 'audio'];
export const QUALITY_LABELS: Record<Quality, string> = { auto: 'Auto', '240p': '240p', '360p': '360p', '720p': '720p', audio: 'Audio only' };
/** Data saver never goes above this. */
export const DATA_SAVER_HEIGHT = 240;
/** How often, while a lesson plays, its position is reported for saving. */
export const SAVE_POSITION_EVERY_SECONDS = 10;

const QUALITY_KEY = 'shikhon.video.quality';
const DATA_SAVER_KEY = 'shikhon.video.dataSaver';
const SLOW_CONNECTIONS = ['slow-2g', '2g', '3g'];

const WIFI_ONLY_KEY = 'shikhon.downloads.wifiOnly';

/** What the browser says of the connection (navigator.connection, where it has one). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
  /** 'wifi', 'cellular', 'ethernet'…: Chrome on Android says it; most desktop browsers do not. */
  type?: string;
}

/** Data saver starts on when the browser asks to save data or says the connection is slow. */
export function dataSaverByDefault(connection: ConnectionHints | undefined): boolean {
  return Boolean(connection?.saveData) || SLOW_CONNECTIONS.includes(connection?.effectiveType ?? '');
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function loadPreferences(): { quality: Quality; dataSaver: boolean } {
  const stored = storage();
  const quality = stored?.getItem(QUALITY_KEY) as Quality | null;
  const saver = stored?.getItem(DATA_SAVER_KEY);
  const connection = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: ConnectionHints }).connection;
  return {
    quality: quality && QUALITIES.includes(quality) ? quality : 'auto',
    dataSaver: saver === 'true' ? true : saver === 'false' ? false : dataSaverByDefault(connection),
  };
}

export function savePreferences(preferences: { quality: Quality; dataSaver: boolean }): void {
  const stored = storage();
  stored?.setItem(QUALITY_KEY, preferences.quality);
  stored?.setItem(DATA_SAVER_KEY, String(preferences.dataSaver));
}

/** The quality actually asked for: data saver turns anything above 240p into 240p. */
export function effectiveQuality(quality: Quality, dataSaver: boolean): Quality {
  if (!dataSaver || quality === 'auto' || quality === 'audio') return quality;
  return Number.parseInt(quality, 10) > DATA_SAVER_HEIGHT ? '240p' : quality;
}

/** Whether an address is an HLS stream of an uploaded lesson video. */
export const isHlsStream = (url: string) => /\.m3u8(\?|$)/.test(url);
/** A file next to the master playlist (same signed path). */
export const besideMaster = (url: string, file: string) => url.replace(/master\.m3u8(\?.*)?$/, file);

export const connectionHints = (): ConnectionHints | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: ConnectionHints }).connection;

/** Connections that cost nothing by the byte. Any other type the browser names (cellular, wimax, bluetooth, other, mixed, none) may. */
const UNMETERED = ['wifi', 'ethernet'];

/**
 * Whether the browser says enough to keep a download for an unmetered connection: it names the
 * connection's type, or asks to save data. Most desktop browsers and Safari say neither.
 */
export const tellsConnectionType = (connection: ConnectionHints | undefined) =>
  Boolean(connection?.saveData) || (typeof connection?.type === 'string' && connection.type !== 'unknown');

/**
 * "Download only on an unmetered connection": the student's choice, else on wherever the browser can
 * tell; off where it cannot, since it could never let a download start (the size is shown first anyway).
 */
export function loadWifiOnly(connection = connectionHints()): boolean {
  if (!tellsConnectionType(connection)) return false;
  const saved = storage()?.getItem(WIFI_ONLY_KEY);
  return saved === 'true' ? true : saved === 'false' ? false : true;
}

export function saveWifiOnly(wifiOnly: boolean): void {
  storage()?.setItem(WIFI_ONLY_KEY, String(wifiOnly));
}

/**
 * Why a download waits while the setting is on: the browser asks to save data ('saveData'), or names
 * a connection other than Wi-Fi or Ethernet ('metered'); null when it goes ahead (the setting is
 * off, the connection is unmetered, or the browser cannot tell).
 */
export function downloadWait(wifiOnly: boolean, connection = connectionHints()): 'saveData' | 'metered' | null {
  if (!wifiOnly || !connection) return null;
  if (connection.saveData) return 'saveData';
  if (!tellsConnectionType(connection)) return null;
  return UNMETERED.includes(connection.type!) ? null : 'metered';
}

export const downloadWaitsForWifi = (wifiOnly: boolean, connection = connectionHints()) => downloadWait(wifiOnly, connection) !== null;
