import {
  dataSaverByDefault,
  downloadWait,
  downloadWaitsForWifi,
  effectiveQuality,
  isHlsStream,
  loadPreferences,
  loadWifiOnly,
  savePreferences,
  saveWifiOnly,
  tellsConnectionType,
} from './video-preferences';

describe('lesson stream preferences', () => {
  beforeEach(() => localStorage.clear());

  it('turns data saver on for browsers that ask to save data or have a slow connection', () => {
    expect(dataSaverByDefault({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(dataSaverByDefault({ effectiveType: '3g' })).toBe(true);
    expect(dataSaverByDefault({ effectiveType: 'slow-2g' })).toBe(true);
    expect(dataSaverByDefault({ effectiveType: '4g' })).toBe(false);
    expect(dataSaverByDefault(undefined)).toBe(false);
  });

  it('remembers the choice over the connection hints', () => {
    savePreferences({ quality: '360p', dataSaver: false });
    expect(loadPreferences()).toEqual({ quality: '360p', dataSaver: false });
    savePreferences({ quality: 'audio', dataSaver: true });
    expect(loadPreferences()).toEqual({ quality: 'audio', dataSaver: true });
  });

  it('caps a chosen quality at 240p while data saver is on', () => {
    expect(effectiveQuality('720p', true)).toBe('240p');
    expect(effectiveQuality('720p', false)).toBe('720p');
    expect(effectiveQuality('audio', true)).toBe('audio');
    expect(effectiveQuality('auto', true)).toBe('auto');
  });

  it('tells HLS streams from other video addresses', () => {
    expect(isHlsStream('/media/lessons/a/b/master.m3u8')).toBe(true);
    expect(isHlsStream('/media/videos/lesson-1.webm')).toBe(false);
  });

  it('downloads only on Wi-Fi by default where the browser tells the connection type', () => {
    expect(loadWifiOnly({ type: 'wifi' })).toBe(true);
    expect(loadWifiOnly({ type: 'cellular', saveData: true })).toBe(true);
    saveWifiOnly(false);
    expect(loadWifiOnly({ type: 'cellular' })).toBe(false);
  });

  it('lets downloads go ahead where the browser cannot tell what the connection costs', () => {
    saveWifiOnly(true);
    expect(tellsConnectionType({ effectiveType: '4g' })).toBe(false);
    expect(tellsConnectionType({ type: 'unknown' })).toBe(false);
    expect(tellsConnectionType(undefined)).toBe(false);
    expect(loadWifiOnly({ effectiveType: '4g' })).toBe(false);
    expect(downloadWaitsForWifi(loadWifiOnly(undefined), undefined)).toBe(false);
    expect(downloadWait(true, { type: 'unknown' })).toBeNull();
  });

  it('downloads at once only on an unmetered connection (Wi-Fi, Ethernet) while the setting is on', () => {
    expect(downloadWait(true, { type: 'wifi' })).toBeNull();
    expect(downloadWait(true, { type: 'ethernet' })).toBeNull();
    for (const type of ['cellular', 'wimax', 'bluetooth', 'other', 'mixed', 'none']) expect(downloadWait(true, { type })).toBe('metered');
    expect(downloadWaitsForWifi(false, { type: 'cellular' })).toBe(false);
  });

  it('waits whenever the browser asks to save data, even on Wi-Fi or where it names no connection', () => {
    expect(tellsConnectionType({ saveData: true })).toBe(true);
    expect(loadWifiOnly({ saveData: true })).toBe(true);
    expect(downloadWait(true, { saveData: true })).toBe('saveData');
    expect(downloadWait(true, { type: 'wifi', saveData: true })).toBe('saveData');
    expect(downloadWait(false, { type: 'wifi', saveData: true })).toBeNull();
  });
});
