import { renderRoute } from '../test/render';
import { LessonVideo } from './lesson-video';

const frameFor = (url: string) => {
  const { container } = renderRoute(<LessonVideo title="Lesson 1" url={url} startAt={0} onEnded={() => undefined} onPosition={() => undefined} />);
  return container.querySelector('iframe');
};

describe('an embedded lesson video', () => {
  it('plays in a sandboxed frame that allows only what a player needs', () => {
    const frame = frameFor('https://www.youtube.com/embed/ysz5S6PUM-U');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-presentation');
    expect(frame).toHaveAttribute('allow', 'accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen');
    expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  });

  it('gives a page of this site no same-origin rights, so its scripts cannot lift the sandbox', () => {
    expect(frameFor('/about')).toHaveAttribute('sandbox', 'allow-scripts allow-presentation');
    expect(frameFor(`${window.location.origin}/about`)).toHaveAttribute('sandbox', 'allow-scripts allow-presentation');
  });

  it('plays video files in a video element, with no frame', () => {
    expect(frameFor('/media/videos/lesson-1.webm')).toBeNull();
  });
});
