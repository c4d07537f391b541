import { fireEvent } from '@testing-library/react';
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

describe('saving where a student is in a lesson', () => {
  const playTo = (video: HTMLVideoElement, seconds: number, event: 'timeupdate' | 'pause' = 'timeupdate') => {
    Object.defineProperty(video, 'currentTime', { value: seconds, configurable: true });
    fireEvent(video, new Event(event));
  };

  it('reports the position every ten seconds of playing and at a pause, counting from where the lesson resumed', () => {
    const saved: number[] = [];
    const { container } = renderRoute(
      <LessonVideo title="Lesson 1" url="/media/videos/lesson-1.webm" startAt={30} onEnded={() => undefined} onPosition={(at) => saved.push(at)} />,
    );
    const video = container.querySelector('video')!;
    playTo(video, 31.5);
    playTo(video, 39.9);
    expect(saved).toEqual([]);
    playTo(video, 40.2);
    playTo(video, 45);
    playTo(video, 47.8, 'pause');
    expect(saved).toEqual([40, 47]);
  });
});
