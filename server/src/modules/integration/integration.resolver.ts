import { Arg, Args, ArgsType, Authorized, Ctx, Field, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { CursorPageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { roles } from '../auth/guards';
import { ApiKey, ApiKeyWithSecret, ApiScope } from './api-key.entity';
import { createApiKey, listApiKeys, revokeApiKey } from './api-key.service';
import { WebhookAttempt, WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret, WebhookEventType } from './webhook.entity';
import {
  attemptsOf,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  enableWebhookEndpoint,
  sendTestWebhook,
} from './webhook.service';

@ObjectType({ description: 'A page of an endpoint’s deliveries, newest first' })
class WebhookDeliveryPage extends CursorPageOf(WebhookDelivery, 'Pass as `after` for the next page; null when this page is empty') {}

@ArgsType()
class WebhookDeliveriesArgs extends PageArgs {
  @Field(() => ID, { description: 'The endpoint whose deliveries to list' })
  endpointId: string;

  @Field(() => String, { nullable: true, description: 'An endCursor from an earlier page: the deliveries after (older than) its last item' })
  after?: string | null;
}

@Resolver()
export class ApiKeyResolver {
  @Authorized(...roles.staff)
  @Mutation(() => ApiKeyWithSecret, {
    description:
      'Makes an API key for a server, owned by the caller; its secret is in this answer only (admins, any scope; instructors, for their own data: CATALOG_READ, INSTRUCTOR_READ, PRACTICE_READ)',
  })
  createApiKey(
    @Arg('name', { description: 'What the key is for, at most 100 characters' }) name: string,
    @Arg('scopes', () => [ApiScope], { description: 'What the key may do; at least one' }) scopes: ApiScope[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<ApiKeyWithSecret> {
    return createApiKey(ctx.db, requireViewer(ctx), name, scopes, ctx.clientAddress);
  }

  @Authorized(...roles.staff)
  @Query(() => [ApiKey], { description: 'API keys, revoked ones too, newest first: every key for admins, their own for instructors' })
  apiKeys(@Ctx() ctx: GraphQLContext): Promise<ApiKey[]> {
    return listApiKeys(ctx.db, requireViewer(ctx));
  }

  @Authorized(...roles.staff)
  @Mutation(() => ApiKey, { description: 'Revokes an API key: it is refused from now on (admins any key, instructors their own)' })
  revokeApiKey(@Arg('id', () => ID, { description: 'The key’s id' }) id: string, @Ctx() ctx: GraphQLContext): Promise<ApiKey> {
    return revokeApiKey(ctx.db, requireViewer(ctx), id, ctx.clientAddress);
  }
}

@Resolver(() => WebhookDelivery)
export class WebhookResolver {
  @Authorized(...roles.admin)
  @Mutation(() => WebhookEndpointWithSecret, {
    description: 'Registers an address for some events (https:// in production); its signing secret is in this answer only (admins)',
  })
  createWebhookEndpoint(
    @Arg('url', { description: 'Where deliveries are POSTed, at most 2048 characters' }) url: string,
    @Arg('events', () => [WebhookEventType], { description: 'The events it receives; at least one' }) events: WebhookEventType[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookEndpointWithSecret> {
    return createWebhookEndpoint(ctx.webhooks, requireViewer(ctx), url, events, ctx.clientAddress);
  }

  @Authorized(...roles.admin)
  @Mutation(() => WebhookEndpoint, { description: 'Deletes an endpoint: it receives nothing more (admins)' })
  deleteWebhookEndpoint(@Arg('id', () => ID, { description: 'The endpoint’s id' }) id: string, @Ctx() ctx: GraphQLContext): Promise<WebhookEndpoint> {
    return deleteWebhookEndpoint(ctx.db, requireViewer(ctx), id, ctx.clientAddress);
  }

  @Authorized(...roles.admin)
  @Query(() => [WebhookEndpoint], { description: 'The registered webhook endpoints, newest first (admins)' })
  webhookEndpoints(@Ctx() ctx: GraphQLContext): Promise<WebhookEndpoint[]> {
    return listWebhookEndpoints(ctx.db, requireViewer(ctx));
  }

  @Authorized(...roles.admin)
  @Query(() => WebhookDeliveryPage, { description: 'An endpoint’s deliveries, newest first, at most 50 a page; `after` for a steady cursor (admins)' })
  async webhookDeliveries(@Args(() => WebhookDeliveriesArgs) args: WebhookDeliveriesArgs, @Ctx() ctx: GraphQLContext): Promise<WebhookDeliveryPage> {
    return toPage(WebhookDeliveryPage, await listWebhookDeliveries(ctx.db, requireViewer(ctx), args.endpointId, args));
  }

  @Authorized(...roles.admin)
  @Mutation(() => WebhookDelivery, { description: 'Sends a delivery’s event again, with the same event id and body (admins)' })
  resendWebhookDelivery(@Arg('id', () => ID, { description: 'The delivery to send again' }) id: string, @Ctx() ctx: GraphQLContext): Promise<WebhookDelivery> {
    return resendWebhookDelivery(ctx.webhooks, requireViewer(ctx), id, ctx.clientAddress);
  }

  @Authorized(...roles.admin)
  @Mutation(() => Boolean, { description: 'Sends the endpoint a signed `ping` event now, logged and retried like any delivery (admins)' })
  sendTestWebhook(@Arg('endpointId', () => ID, { description: 'The endpoint’s id' }) endpointId: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return sendTestWebhook(ctx.webhooks, requireViewer(ctx), endpointId);
  }

  @Authorized(...roles.admin)
  @Mutation(() => WebhookEndpointWithSecret, {
    description: 'Gives the endpoint a new signing secret, in this answer only; the old one keeps signing beside it for 24 hours (admins)',
  })
  rotateWebhookSecret(
    @Arg('endpointId', () => ID, { description: 'The endpoint’s id' }) endpointId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookEndpointWithSecret> {
    return rotateWebhookSecret(ctx.webhooks, requireViewer(ctx), endpointId, ctx.clientAddress);
  }

  @Authorized(...roles.admin)
  @Mutation(() => WebhookEndpoint, {
    description: 'Turns on again an endpoint turned off after every delivery failed for 3 days; new events reach it from now on (admins)',
  })
  enableWebhookEndpoint(
    @Arg('endpointId', () => ID, { description: 'The endpoint’s id' }) endpointId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookEndpoint> {
    return enableWebhookEndpoint(ctx.webhooks, requireViewer(ctx), endpointId, ctx.clientAddress);
  }

  @FieldResolver(() => [WebhookAttempt], { description: 'Every attempt, oldest first' })
  async attemptLog(@Root() delivery: WebhookDelivery, @Ctx() ctx: GraphQLContext): Promise<WebhookAttempt[]> {
    return (await attemptsOf(ctx.db, [delivery.id]))[0];
  }
}
