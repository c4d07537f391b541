import { Arg, Args, ArgsType, Authorized, Ctx, Field, ID, InputType, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../graphql/context';
import { PageArgs } from '../../graphql/page-args';
import { PageOf, toPage } from '../../graphql/page';
import { Role } from '../user/role';
import { InboxKind, InboxMessage } from './inbox-message.entity';
import { listInbox, setInboxHandled, submitComplaint, submitContactMessage, subscribe } from './inbox.service';

@InputType()
class ComplaintInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) subject?: string | null;
  @Field(() => String, { nullable: true, description: 'The complaint' }) message?: string | null;
}

@InputType()
class ContactInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) message?: string | null;
}

@ObjectType({ description: 'A page of inbox messages' })
class InboxPage extends PageOf(InboxMessage) {}

@ArgsType()
class InboxArgs extends PageArgs {
  @Field(() => InboxKind) kind: InboxKind;
  @Field(() => Boolean, { nullable: true, description: 'Only handled (true) or only not handled (false)' }) handled?: boolean | null;
}

@Resolver(() => InboxMessage)
export class InboxResolver {
  @Mutation(() => Boolean, { description: 'Sends a complaint to the admins' })
  async submitComplaint(@Arg('input', () => ComplaintInput) input: ComplaintInput, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await submitComplaint(ctx.db, ctx.clientAddress, { ...input });
    return true;
  }

  @Mutation(() => Boolean, { description: 'Sends a contact message to the admins' })
  async submitContactMessage(@Arg('input', () => ContactInput) input: ContactInput, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await submitContactMessage(ctx.db, ctx.clientAddress, { ...input });
    return true;
  }

  @Mutation(() => Boolean, { description: 'Subscribes an address to the newsletter (once)' })
  async subscribe(@Arg('email') email: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await subscribe(ctx.db, ctx.clientAddress, email);
    return true;
  }

  @Authorized(Role.ADMIN)
  @Query(() => InboxPage, { description: 'What visitors sent, newest first' })
  async inbox(@Args(() => InboxArgs) args: InboxArgs, @Ctx() ctx: GraphQLContext): Promise<InboxPage> {
    return toPage(InboxPage, await listInbox(ctx.db, requireViewer(ctx), args, args));
  }

  @Authorized(Role.ADMIN)
  @Mutation(() => InboxMessage)
  setInboxHandled(@Arg('id', () => ID) id: string, @Arg('handled') handled: boolean, @Ctx() ctx: GraphQLContext): Promise<InboxMessage> {
    return setInboxHandled(ctx.db, requireViewer(ctx), id, handled);
  }
}
