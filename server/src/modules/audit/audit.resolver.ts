import { Args, ArgsType, Authorized, Ctx, Field, FieldResolver, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { roles } from '../auth/guards';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { PageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { AuditAction, AuditEntry } from './audit.entity';
import { listAudit } from './audit.service';
import { auditSummary } from './audit-summary';

@ObjectType({ description: 'A page of the audit log' })
class AuditPage extends PageOf(AuditEntry) {}

@ArgsType()
class AuditLogArgs extends PageArgs {
  @Field(() => AuditAction, { nullable: true, description: 'Only this kind of action' })
  action?: AuditAction | null;
}

@Resolver(() => AuditEntry)
export class AuditResolver {
  @FieldResolver(() => String, { description: 'What was done, as a sentence in the language of the request (names, emails and amounts in it)' })
  summary(@Root() entry: AuditEntry, @Ctx() ctx: GraphQLContext): string {
    return auditSummary(entry.action, entry.detail, ctx.language);
  }

  @Authorized(...roles.admin)
  @Query(() => AuditPage, { description: 'Admin, instructor and API key actions, newest first; admins only' })
  async auditLog(@Args(() => AuditLogArgs) args: AuditLogArgs, @Ctx() ctx: GraphQLContext): Promise<AuditPage> {
    return toPage(AuditPage, await listAudit(ctx.db, requireViewer(ctx), args.action, args));
  }
}
