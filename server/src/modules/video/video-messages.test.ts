import { videoErrorText } from './video-messages';
import { COULD_NOT_PROCESS, tookTooLong, tooLarge, tooLong } from './video-processing';
import { translateMessage } from '../../i18n/translate';
import { UNSUPPORTED_VIDEO } from './video-file-type';

describe("an instructor's video messages", () => {
  it('says why processing refused a video in the language of the page, numbers in its digits', () => {
    expect(videoErrorText(tooLong(4 * 3600, 180 * 60), 'bn')).toBe(
      'এই ভিডিওটি ২৪০ মিনিট লম্বা; একটি পাঠের ভিডিও সর্বোচ্চ ১৮০ মিনিট হতে পারে। এটিকে ছোট কয়েকটি পাঠে ভাগ করে একটি একটি করে আপলোড করুন।',
    );
    expect(videoErrorText(tooLong(4 * 3600, 180 * 60), 'en')).toBe(tooLong(4 * 3600, 180 * 60));
    expect(videoErrorText(tooLarge(7680, 4320, 2160), 'bn')).toMatch(/^এই ভিডিওটি ৭,৬৮০×৪,৩২০ পিক্সেল; আমরা সর্বোচ্চ ৩,৮৪০×২,১৬০ নিই।/);
    expect(videoErrorText(tookTooLong(3600_000), 'bn')).toMatch(/^এই ভিডিও প্রসেস করতে ৬০ মিনিট-এর বেশি সময় লেগেছে/);
    expect(videoErrorText(`Trying again: ${COULD_NOT_PROCESS}`, 'bn')).toMatch(/^আবার চেষ্টা করা হচ্ছে: আমরা এই ভিডিওটি প্রসেস করতে পারিনি।/);
  });

  it('never shows a program’s output or a server path, in either language', () => {
    const raw = '/var/lib/shikhon/videos/1/source: Invalid data found when processing input\nffprobe exited with code 1';
    expect(videoErrorText(raw, 'en')).toBe(COULD_NOT_PROCESS);
    expect(videoErrorText(`Trying again: ${raw}`, 'en')).toBe(`Trying again: ${COULD_NOT_PROCESS}`);
    expect(videoErrorText(raw, 'bn')).not.toMatch(/[A-Za-z]{3}|\//);
  });

  it('refuses an upload in Bangla, the size limit in Bangla digits and units', () => {
    expect(translateMessage('bn', 'The video is larger than the 2 GB limit.')).toBe('ভিডিওটি ২ জিবি সীমার চেয়ে বড়।');
    expect(translateMessage('bn', 'The video is larger than the 500 MB limit.')).toBe('ভিডিওটি ৫০০ এমবি সীমার চেয়ে বড়।');
    expect(translateMessage('bn', UNSUPPORTED_VIDEO)).toBe('এই ফাইলটি আমাদের ব্যবহারযোগ্য ভিডিও নয়। MP4, MOV, WebM বা MKV ভিডিও আপলোড করুন।');
  });
});
