import { Arg, Args, ArgsType, Authorized, Ctx, Field, InputType, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { roles } from '../auth/guards';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { PageArgs } from '../../graphql/page-args';
import { PageOf, toPage } from '../../graphql/page';
import { InboxKind, InboxMessage } from './inbox-message.entity';
import {
  INBOX_MESSAGE_NOT_FOUND,
  listInbox,
  MAX_FORM_FIELD,
  MAX_FORM_MESSAGE,
  MAX_FORM_PHONE,
  setInboxHandled,
  submitComplaint,
  submitContactMessage,
  subscribe,
} from './inbox.service';
import { IdArgs } from '../../graphql/id-args';
import { Normalize, requiredText, Rule } from '../../shared/validation';
import { typedPhone } from '../../shared/phone';
import { validationMessages } from '../../shared/validation-messages';
import { checkEmail } from '../auth/sign-up-rules';

/** Every field of the visitors' forms is required; a blank one gets the forms' own message. */
const filled = (name: string, max = MAX_FORM_FIELD) => Rule(requiredText(name, max, validationMessages.emptyFields));
const filledEmail = Rule(function email(value) {
  return typeof value === 'string' && value.trim() ? checkEmail(value) : validationMessages.emptyFields;
});

@InputType({ description: 'A complaint; every field required' })
class ComplaintInput {
  @Field(() => String, { description: 'Your name, at most 200 characters' }) @filled('name') name: string;
  @Field(() => String, { description: 'Your email, for the answer' }) @filledEmail email: string;
  @Field(() => String, { description: 'At most 30 characters; Bangla or English digits; a Bangladeshi mobile number is kept as +8801XXXXXXXXX' })
  @Normalize(typedPhone)
  @filled('phone', MAX_FORM_PHONE)
  phone: string;
  @Field(() => String, { description: 'What it is about, at most 200 characters' }) @filled('subject') subject: string;
  @Field(() => String, { description: 'The complaint, at most 5000 characters' }) @filled('message', MAX_FORM_MESSAGE) message: string;
}

@InputType({ description: 'A message from the contact form; every field required' })
class ContactInput {
  @Field(() => String, { description: 'Your name, at most 200 characters' }) @filled('name') name: string;
  @Field(() => String, { description: 'Your email, for the answer' }) @filledEmail email: string;
  @Field(() => String, { description: 'The message, at most 5000 characters' }) @filled('message', MAX_FORM_MESSAGE) message: string;
}

@ArgsType()
export class SubscribeArgs {
  @Field(() => String, { description: 'The email to send the newsletter to' }) @filledEmail email: string;
}

const InboxMessageId = IdArgs('id', INBOX_MESSAGE_NOT_FOUND, 'The inbox message', 'INBOX_MESSAGE_NOT_FOUND');
type InboxMessageId = InstanceType<typeof InboxMessageId>;

@ObjectType({ description: 'A page of inbox messages' })
class InboxPage extends PageOf(InboxMessage) {}

@ArgsType()
class InboxArgs extends PageArgs {
  @Field(() => InboxKind, { description: 'Which form’s messages' }) kind: InboxKind;
  @Field(() => Boolean, { nullable: true, description: 'Only handled (true) or only not handled (false)' }) handled?: boolean | null;
}

@Resolver(() => InboxMessage)
export class InboxResolver {
  @Mutation(() => Boolean, { description: 'Sends a complaint to the admins; anyone, at most 30 forms an hour from one address' })
  async submitComplaint(
    @Arg('input', () => ComplaintInput, { description: 'The complaint' }) input: ComplaintInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await submitComplaint(ctx.db, ctx.clientAddress, input);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Sends a contact message to the admins; anyone, at most 30 forms an hour from one address' })
  async submitContactMessage(
    @Arg('input', () => ContactInput, { description: 'The message' }) input: ContactInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await submitContactMessage(ctx.db, ctx.clientAddress, input);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Subscribes an address to the newsletter (once); anyone, at most 30 forms an hour from one address' })
  async subscribe(@Args(() => SubscribeArgs) { email }: SubscribeArgs, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await subscribe(ctx.db, ctx.clientAddress, email);
    return true;
  }

  @Authorized(...roles.admin)
  @Query(() => InboxPage, { description: 'What visitors sent, newest first; admins only' })
  async inbox(@Args(() => InboxArgs) args: InboxArgs, @Ctx() ctx: GraphQLContext): Promise<InboxPage> {
    return toPage(InboxPage, await listInbox(ctx.db, requireViewer(ctx), args, args));
  }

  @Authorized(...roles.admin)
  @Mutation(() => InboxMessage, { description: 'Marks a message as dealt with, or not; admins only' })
  setInboxHandled(
    @Args(() => InboxMessageId) { id }: InboxMessageId,
    @Arg('handled', { description: 'true: dealt with; false: not yet' }) handled: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<InboxMessage> {
    return setInboxHandled(ctx.db, requireViewer(ctx), id, handled);
  }
}
