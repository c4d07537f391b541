import { Args, ArgsType, Authorized, Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import { roles } from '../auth/guards';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../graphql/context';
import { PageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { AuditAction, AuditEntry } from './audit.entity';
import { listAudit } from './audit.service';

@ObjectType({ description: 'A page of the audit log' })
class AuditPage extends PageOf(AuditEntry) {}

@ArgsType()
class AuditLogArgs extends PageArgs {
  @Field(() => AuditAction, { nullable: true, description: 'Only this kind of action' })
  action?: AuditAction | null;
}

@Resolver()
export class AuditResolver {
  @Authorized(...roles.admin)
  @Query(() => AuditPage, { description: 'Admin, instructor and API key actions, newest first; admins only' })
  async auditLog(@Args(() => AuditLogArgs) args: AuditLogArgs, @Ctx() ctx: GraphQLContext): Promise<AuditPage> {
    return toPage(AuditPage, await listAudit(ctx.db, requireViewer(ctx), args.action, args));
  }
}
