import { dataSaverByDefault, effectiveQuality, isHlsStream, loadPreferences, savePreferences } from './video-preferences';

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
});
