import { Args, Authorized, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { IdArgs } from '../../graphql/id-args';
import { PageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { roles } from '../auth/guards';
import { listUndeliveredMail, MAIL_NOT_FOUND, sendMailAgain } from './outbox.service';

@ObjectType({ description: 'A message the SMTP server has not accepted yet; its body (which may carry a single-use link) is not shown' })
class UndeliveredMail {
  @Field(() => ID, { description: 'The outbox message' }) id: string;
  @Field({ description: 'The recipient' }) to: string;
  @Field({ description: "The message's subject" }) subject: string;
  @Field({ description: 'When the product wrote it' }) createdAt: Date;
  @Field(() => Int, { description: 'Attempts that failed so far' }) failedAttempts: number;
  @Field(() => String, { nullable: true, description: "The last attempt's error, as the SMTP library put it" }) lastError: string | null;
  @Field(() => Date, { nullable: true, description: 'Set when every retry failed; null while retries are still due' }) gaveUpAt: Date | null;
}

@ObjectType({ description: 'A page of undelivered mail' })
class UndeliveredMailPage extends PageOf(UndeliveredMail) {}

const MailId = IdArgs('id', MAIL_NOT_FOUND, 'The undelivered mail', 'MAIL_NOT_FOUND');

@Resolver()
export class OutboxResolver {
  @Authorized(...roles.admin)
  @Query(() => UndeliveredMailPage, { description: 'Mail not delivered after at least one failed attempt, newest first (admins)' })
  async undeliveredMail(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: GraphQLContext): Promise<UndeliveredMailPage> {
    return toPage(UndeliveredMailPage, await listUndeliveredMail(ctx.db, requireViewer(ctx), args));
  }

  @Authorized(...roles.admin)
  @Mutation(() => Boolean, { description: 'Queues a message whose retries all failed once more, e.g. once SMTP is fixed (admins)' })
  sendMailAgain(@Args(() => MailId) { id }: { id: string }, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return sendMailAgain(ctx.mail, requireViewer(ctx), id);
  }
}
