import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../kernel/context';
import { translateMessage } from '../../i18n/translate';
import type { Language } from '../../i18n/languages';
import { LessonVideo } from './lesson-video.entity';
import { COULD_NOT_PROCESS } from './video-processing';

/**
 * The messages processing stores for an instructor (video-processing.ts), as patterns: only these
 * are shown as they are. Anything else in the column (a message from an older version, a program's
 * output, a server path) is shown as the general "could not process" message.
 */
const KNOWN = [
  /^This video is .+ long; a lesson video may be at most .+\. Split it into shorter lessons and upload them one by one\.$/s,
  /^This video is \d+×\d+ pixels; the largest we take is \d+×\d+\. Export it at a smaller size and upload it again\.$/s,
  /^Processing this video took longer than .+ and was stopped\. Try a shorter video or a smaller size\.$/s,
];

/** A stored processing message as the instructor reads it: known ones in `language` (messages.bn.json), nothing raw. */
export function videoErrorText(stored: string, language: Language): string {
  const retrying = /^Trying again: (.*)$/s.exec(stored);
  const reason = retrying ? retrying[1] : stored;
  const shown = reason === COULD_NOT_PROCESS || KNOWN.some((pattern) => pattern.test(reason)) ? reason : COULD_NOT_PROCESS;
  return translateMessage(language, retrying ? `Trying again: ${shown}` : shown);
}

@Resolver(() => LessonVideo)
export class LessonVideoMessageResolver {
  @FieldResolver(() => String, { nullable: true, description: 'Why processing failed (or is being retried), in the language of the request' })
  error(@Root() video: LessonVideo, @Ctx() ctx: GraphQLContext): string | null {
    return video.error === null ? null : videoErrorText(video.error, ctx.language);
  }
}
