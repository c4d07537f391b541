import { Arg, Args, ArgsType, Authorized, Ctx, Field, InputType, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { roles } from '../auth/guards';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../graphql/context';
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

@InputType()
class ComplaintInput {
  @Field(() => String) @filled('name') name: string;
  @Field(() => String) @filledEmail email: string;
  @Field(() => String, { description: 'Bangla or English digits; a Bangladeshi mobile number is kept as +8801XXXXXXXXX' })
  @Normalize(typedPhone)
  @filled('phone', MAX_FORM_PHONE)
  phone: string;
  @Field(() => String) @filled('subject') subject: string;
  @Field(() => String, { description: 'The complaint' }) @filled('message', MAX_FORM_MESSAGE) message: string;
}

@InputType()
class ContactInput {
  @Field(() => String) @filled('name') name: string;
  @Field(() => String) @filledEmail email: string;
  @Field(() => String) @filled('message', MAX_FORM_MESSAGE) message: string;
}

@ArgsType()
class SubscribeArgs {
  @Field(() => String) @filledEmail email: string;
}

const InboxMessageId = IdArgs('id', INBOX_MESSAGE_NOT_FOUND);
type InboxMessageId = InstanceType<typeof InboxMessageId>;

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
    await submitComplaint(ctx.db, ctx.clientAddress, input);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Sends a contact message to the admins' })
  async submitContactMessage(@Arg('input', () => ContactInput) input: ContactInput, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await submitContactMessage(ctx.db, ctx.clientAddress, input);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Subscribes an address to the newsletter (once)' })
  async subscribe(@Args(() => SubscribeArgs) { email }: SubscribeArgs, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await subscribe(ctx.db, ctx.clientAddress, email);
    return true;
  }

  @Authorized(...roles.admin)
  @Query(() => InboxPage, { description: 'What visitors sent, newest first' })
  async inbox(@Args(() => InboxArgs) args: InboxArgs, @Ctx() ctx: GraphQLContext): Promise<InboxPage> {
    return toPage(InboxPage, await listInbox(ctx.db, requireViewer(ctx), args, args));
  }

  @Authorized(...roles.admin)
  @Mutation(() => InboxMessage)
  setInboxHandled(@Args(() => InboxMessageId) { id }: InboxMessageId, @Arg('handled') handled: boolean, @Ctx() ctx: GraphQLContext): Promise<InboxMessage> {
    return setInboxHandled(ctx.db, requireViewer(ctx), id, handled);
  }
}
