/**
 * Every deprecated name of the API, in one list: GraphQL fields and arguments (by their schema
 * coordinate, `Type.field`) and webhook payload fields (`webhook event.field`). Each `@deprecated`
 * reason is written from here by `deprecated()`, and the integrator guide's list of deprecations
 * (docs/integrators.md) names every entry with its dates; deprecations.test.ts holds the three
 * together. A deprecated name keeps working until `keptUntil`, at least six months after `since`.
 */
export const DEPRECATIONS = {
  'Course.price': { use: 'priceUsd (Money, in cents)', since: '2026-11-26', keptUntil: '2027-06-30' },
  'Course.priceBDT': { use: 'priceTaka (Money, in poisha)', since: '2026-11-26', keptUntil: '2027-06-30' },
  'Course.ratings': { use: 'averageRating and ratingCount, computed from the reviews', since: '2026-11-26', keptUntil: '2027-06-30' },
  'Enrollment.transactionAmount': { use: 'amountPaid, which says its currency (Money, in minor units)', since: '2026-11-28', keptUntil: '2027-06-30' },
  'PaymentRecord.amount': { use: 'amountPaid (Money, in minor units)', since: '2026-11-26', keptUntil: '2027-06-30' },
  'PaymentRecord.currency': { use: 'amountPaid.currency (the Currency enum)', since: '2026-11-26', keptUntil: '2027-06-30' },
  'PaymentRecord.provider': { use: 'gateway (the PaymentProvider enum) and testMode', since: '2026-11-26', keptUntil: '2027-06-30' },
  'RecentPurchase.amount': { use: 'amountPaid (Money, in minor units)', since: '2026-11-26', keptUntil: '2027-06-30' },
  'RecentPurchase.currency': { use: 'amountPaid.currency (the Currency enum)', since: '2026-11-26', keptUntil: '2027-06-30' },
  'RefundResult.amount': { use: 'amountRefunded (Money, in minor units)', since: '2026-11-26', keptUntil: '2027-06-30' },
  'Query.searchCourses': { use: 'courseSearch, which pages past the 50th match and gives the total', since: '2026-11-26', keptUntil: '2027-06-30' },
  'Query.myLeaderboardNameHidden': { use: 'myLeaderboardName, which also offers the full name', since: '2026-11-28', keptUntil: '2027-06-30' },
  'Mutation.setLeaderboardNameHidden': { use: 'setLeaderboardName, which also offers the full name', since: '2026-11-28', keptUntil: '2027-06-30' },
  'Query.proposedDollarPrice': { use: 'usdPriceProposal (Money, in cents)', since: '2026-11-29', keptUntil: '2027-06-30' },
  'Query.proposedUsdPrice': { use: 'usdPriceProposal (Money, in cents)', since: '2026-11-29', keptUntil: '2027-06-30' },
  'Query.proposedTakaPrice': { use: 'takaPriceProposal (Money, in poisha)', since: '2026-11-29', keptUntil: '2027-06-30' },
  'AdminSummary.revenue': { use: 'revenueTotals (Money, in minor units, one per currency)', since: '2026-11-29', keptUntil: '2027-06-30' },
  'AdminSummary.revenueByCurrency': { use: 'revenueTotals (Money, in minor units)', since: '2026-11-29', keptUntil: '2027-06-30' },
  'InstructorOverview.totalRevenue': { use: 'revenueTotals (Money, in minor units, one per currency)', since: '2026-11-29', keptUntil: '2027-06-30' },
  'InstructorOverview.revenue': { use: 'revenueTotals (Money, in minor units)', since: '2026-11-29', keptUntil: '2027-06-30' },
  'InstructorRevenuePoint.revenueTaka': { use: 'revenue (Money, in poisha)', since: '2026-11-29', keptUntil: '2027-06-30' },
  'InstructorRevenueSeries.totalRevenueTaka': { use: 'totalRevenue (Money, in poisha)', since: '2026-11-29', keptUntil: '2027-06-30' },
  'Mutation.requestSignInCode': { use: 'sendSignInCode, which also says when the next code may be asked for', since: '2026-11-29', keptUntil: '2027-06-30' },
  'PaymentRecord.receiptUrl': { use: 'receiptURL (every address of the API ends in URL)', since: '2026-11-29', keptUntil: '2027-06-30' },
  'webhook enrollment.*.amount': { use: 'amountPaid (Money)', since: '2026-11-28', keptUntil: '2027-06-30' },
  'webhook enrollment.*.currency': { use: 'amountPaid.currency', since: '2026-11-28', keptUntil: '2027-06-30' },
  'webhook course.published.price': { use: 'priceUsd and priceTaka (Money)', since: '2026-11-28', keptUntil: '2027-06-30' },
} as const;

export type DeprecatedName = keyof typeof DEPRECATIONS;

/** The one wording of a deprecation: what to use instead and until when the old name works. */
export function deprecated(name: DeprecatedName): string {
  const { use, since, keptUntil } = DEPRECATIONS[name];
  return `Use ${use}. Deprecated on ${since}; kept until ${keptUntil}.`;
}
