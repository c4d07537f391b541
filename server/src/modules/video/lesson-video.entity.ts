import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Lesson } from '../course/lesson.entity';

export enum VideoStatus {
  QUEUED = 'queued',
  PROCESSING = 'processing',
  READY = 'ready',
  FAILED = 'failed',
}
registerEnumType(VideoStatus, {
  name: 'VideoStatus',
  description: 'Where an uploaded lesson video is on its way to the students',
  valuesConfig: {
    QUEUED: { description: 'Uploaded, waiting for a worker' },
    PROCESSING: { description: 'Being made into HLS renditions (see progress)' },
    READY: { description: 'Ready to play' },
    FAILED: { description: 'Processing failed after its retries (see error)' },
  },
});

/** One uploaded video of a lesson: the newest ready one is what students watch. */
@ObjectType({ description: "An uploaded lesson video and its processing, shown to the course's instructor" })
@Entity('lesson_video')
@Index('lesson_video_lesson', ['lessonId', 'createdAt'])
export class LessonVideo {
  @Field(() => ID, { description: 'The upload' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  lessonId: string;

  @ManyToOne('Lesson', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lessonId' })
  lesson?: Lesson;

  @Column({ type: 'uuid' })
  uploadedById: string;

  @Field(() => VideoStatus, { description: 'Where its processing stands' })
  @Column({ type: 'text' })
  status: VideoStatus;

  @Field(() => Int, { description: 'Processing progress, 0 to 100' })
  @Column({ type: 'int', default: 0 })
  progress: number;

  @Field(() => String, { nullable: true, description: 'Why processing failed (or is being retried)' })
  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Field(() => String, { description: 'The file name the instructor uploaded' })
  @Column({ type: 'text' })
  fileName: string;

  @Column({ type: 'bigint', transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  sizeBytes: number;

  @Field(() => Int, { nullable: true, description: 'Length of the video in whole seconds (at least 1), once read from the file; null before' })
  @Column({ type: 'int', nullable: true })
  durationSeconds: number | null;

  @Field(() => [String], { description: 'The streams made from it: 240p, 360p, 720p (never above the source), audio' })
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  renditions: string[];

  @Field({ description: 'When the uploaded file arrived (ISO 8601)' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Field({ description: 'When its status or progress last changed (ISO 8601)' })
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
