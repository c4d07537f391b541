import { screen } from '@testing-library/react';
import { answer, renderRoute } from '../../../test/render';
import { LessonVideoStatesDocument, type LessonVideoStatesQuery } from '../api/lesson-videos.generated';
import { VideoUpload } from './video-upload';

const states = (hiddenSince: string | null): LessonVideoStatesQuery => ({
  managedCourse: {
    id: 'c1',
    lessons: [
      {
        id: 'l1',
        durationSeconds: null,
        hiddenSince,
        video: { id: 'v1', status: 'FAILED', progress: 0, error: 'We could not process this video.', fileName: 'halves.mp4', renditions: [] },
      },
    ],
  },
});

describe('a lesson video in the course editor', () => {
  it('tells the instructor that a lesson is hidden from new students since its video failed on sale', async () => {
    const mocks = [answer(LessonVideoStatesDocument, { id: 'c1' }, states('2026-11-20T10:00:00.000Z'))];
    renderRoute(<VideoUpload courseId="c1" lessonId="l1" label="Lesson 2" />, { mocks });
    expect(await screen.findByTestId('lesson-hidden')).toHaveTextContent(
      'Hidden from new students since 20 November 2026: its video could not be processed while the course was on sale. Upload the video again, or give the lesson a video address.',
    );
  });

  it('says nothing of the kind for a lesson that is shown', async () => {
    const mocks = [answer(LessonVideoStatesDocument, { id: 'c1' }, states(null))];
    renderRoute(<VideoUpload courseId="c1" lessonId="l1" label="Lesson 2" />, { mocks });
    expect(await screen.findByText('We could not process this video.')).toBeInTheDocument();
    expect(screen.queryByTestId('lesson-hidden')).toBeNull();
  });
});
