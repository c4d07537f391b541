import type { Router } from 'express';
import type { DataSource } from 'typeorm';
import type { Env } from '../config/env';
import type { AppLogger } from '../logger';
import type { GatewayNotice, PaymentCapability, PaymentProvider } from './provider';

/** What a provider's folder exports (payments/<provider>/definition.ts), listed in payments/registry.ts. */
export interface ProviderDefinition {
  /** Its key in the registry, stored on every payment it takes, and its notifications' address (/hooks/payments/<name>). */
  readonly name: string;
  /** As operators read it ("SSLCommerz"). */
  readonly label: string;
  /** The way to pay a buyer picks (a value of GraphQL's PaymentProvider enum), and its description there. */
  readonly way: string;
  readonly wayDescription: string;
  /** The currency it charges in: a course's price in that currency is what it charges. */
  readonly currency: 'usd' | 'bdt';
  /** How the checkout offers it to a buyer, in each language ("bKash / Nagad / Rocket / card"). */
  readonly labels: { readonly en: string; readonly bn: string };
  /** The ways a buyer pays through it, as buyers know them (bKash, Nagad, Visa...). */
  readonly methods: readonly string[];
  readonly capabilities: readonly PaymentCapability[];
  /** The name its offline imitation (payments/offline/) stores on payments, when it has one. */
  readonly imitationName?: string;
  /**
   * Older addresses its notifications still come to (configured in the provider's dashboard before
   * /hooks/payments/<name>), each answered as the one it stands for; `buyerReturn`: a buyer's return from its page.
   */
  readonly notificationAliases?: readonly NotificationAlias[];
  /** The provider with this site's credentials; null when it has none (outside production its offline imitation may stand in). */
  create(context: ProviderContext): ProviderSetup | null;
}

export interface NotificationAlias {
  path: string;
  buyerReturn?: 'success' | 'fail' | 'cancel';
  /** What operators read about it in /openapi.json. */
  summary: string;
}

export interface ProviderContext {
  env: Env;
  db: DataSource;
  jwtSecret: string;
  /** This server's own address, for what calls it back over loopback (an offline imitation). */
  selfUrl: () => string;
}

/** What a provider's own routes (an offline imitation's pages) are given. */
export interface ProviderRouteContext {
  db: DataSource;
  log: AppLogger;
  /** Hands a notice about one of this provider's payments to the product, as a notification would. */
  notify(notice: GatewayNotice): Promise<void>;
}

export interface ProviderSetup {
  provider: PaymentProvider;
  /** Routes of its own (an offline imitation's pages), mounted after the body parsers. Notifications never need one. */
  routes?: (context: ProviderRouteContext) => Router;
}

/** One provider this server takes payments with: its instance and what its definition declares. */
export interface RegisteredProvider extends ProviderSetup {
  definition: ProviderDefinition;
}
