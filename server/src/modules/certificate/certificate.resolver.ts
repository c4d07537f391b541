import { Arg, Authorized, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { Certificate } from './certificate.entity';
import { isLanguage } from '../../i18n/languages';
import { findCertificate, isRevoked, listMyCertificates, pdfURLOf, verifyURLOf } from './certificate.service';

@Resolver(() => Certificate)
export class CertificateResolver {
  @Authorized()
  @Query(() => [Certificate], { description: "The signed-in student's certificates, newest first" })
  myCertificates(@Ctx() ctx: GraphQLContext): Promise<Certificate[]> {
    return listMyCertificates(ctx.db, requireViewer(ctx));
  }

  @Query(() => Certificate, { nullable: true, description: 'A certificate by its number, for anyone who wants to verify it' })
  certificate(
    @Arg('number', { description: 'The number printed on the certificate, e.g. SHK-7Q2M9XK4TD' }) number: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Certificate | null> {
    return findCertificate(ctx.db, number);
  }

  @FieldResolver(() => Boolean, { description: 'True when the enrollment was refunded: the certificate is no longer valid' })
  revoked(@Root() certificate: Certificate): boolean {
    return isRevoked(certificate);
  }

  @FieldResolver(() => String, { description: "Where the PDF downloads: in the student's language, or in the one asked for" })
  pdfURL(
    @Root() certificate: Certificate,
    @Ctx() ctx: GraphQLContext,
    @Arg('language', () => String, { nullable: true, description: "'bn' (Bangla) or 'en' (English); left out, the language the certificate was issued in" })
    language?: string | null,
  ): string {
    return pdfURLOf(ctx.auth.publicUrl, certificate.number, isLanguage(language) ? language : undefined);
  }

  @FieldResolver(() => String, { description: 'The public page that says whether the certificate is valid' })
  verifyURL(@Root() certificate: Certificate, @Ctx() ctx: GraphQLContext): string {
    return verifyURLOf(ctx.auth.publicUrl, certificate.number);
  }
}
