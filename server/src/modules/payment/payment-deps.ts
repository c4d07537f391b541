import type { Router } from 'express';
import type { DataSource } from 'typeorm';
import type { Env } from '../../config/env';
import type { AppLogger } from '../../logger';
import { AppError } from '../../shared/errors';
import { CAPABILITY_METHODS, type PaymentCapability, type PaymentProvider, type ProviderWith } from '../../payments/provider';
import type { Mailer } from '../mail/mailer';

/**
 * What payment services are given, and the providers of this server: the provider folders'
 * definitions (payments/stripe, payments/sslcommerz) are written against these types, and the list
 * of them is payments/registry.ts.
 */
export interface PurchaseDeps {
  db: DataSource;
  /** This server's payment providers: asked by capability, or by the name a payment stores. */
  providers: PaymentProviders;
  /** Taka for one dollar, for proposing taka prices. */
  usdToBdt: number;
  publishableKey: string | null;
  mailer: Mailer;
  publicUrl: string;
  log: AppLogger;
}

export const PAYMENTS_OFF = 'Paid courses cannot be bought on this site right now. Free courses are still open.';

/** What a provider's folder exports. */
export interface ProviderDefinition {
  /** Its key in the registry, stored on every payment it takes. */
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
  /** The provider with this site's credentials; null when it has none (outside production its offline imitation may stand in). */
  create(context: ProviderContext): ProviderSetup | null;
}

export interface ProviderContext {
  env: Env;
  db: DataSource;
  jwtSecret: string;
  /** This server's own address, for what calls it back over loopback (an offline imitation). */
  selfUrl: () => string;
}

export interface ProviderSetup {
  provider: PaymentProvider;
  /** The routes it needs (its notifications, an imitation's pages), mounted after the body parsers. */
  routes?: (deps: PurchaseDeps) => Router;
}

/** One provider this server takes payments with: its instance and what its definition declares. */
export interface RegisteredProvider extends ProviderSetup {
  definition: ProviderDefinition;
}

const has = (entry: RegisteredProvider, capability: PaymentCapability) => entry.definition.capabilities.includes(capability);

/**
 * The providers of this server, keyed by name. Services ask for a capability (`with`, `require`,
 * `can`) or for the provider that took a payment (`get`), never compare names.
 */
export class PaymentProviders {
  private readonly byName = new Map<string, RegisteredProvider>();

  constructor(entries: RegisteredProvider[]) {
    for (const entry of entries) {
      const { provider, definition } = entry;
      if (this.byName.has(provider.name)) throw new Error(`Two payment providers are called "${provider.name}"`);
      for (const capability of definition.capabilities) {
        if (typeof provider[CAPABILITY_METHODS[capability]] !== 'function') {
          throw new Error(`The payment provider "${provider.name}" declares ${capability} but has no ${CAPABILITY_METHODS[capability]}()`);
        }
      }
      this.byName.set(provider.name, entry);
    }
  }

  /** Every provider, in the registry's order. */
  get entries(): RegisteredProvider[] {
    return [...this.byName.values()];
  }

  /** No provider at all (PAYMENTS=off): paid courses cannot be bought. */
  get none(): boolean {
    return this.byName.size === 0;
  }

  /** The provider called `name` (the one that took a payment); refused when this server has none by that name. */
  get(name: string): PaymentProvider {
    const entry = this.byName.get(name);
    if (!entry) throw new AppError('PAYMENT_FAILED', `The payment provider "${name}" is not configured on this server`);
    return entry.provider;
  }

  /** Whether this server has a provider called `name`. */
  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** Whether the provider called `name` is here and has `capability`. */
  can(name: string, capability: PaymentCapability): boolean {
    const entry = this.byName.get(name);
    return entry !== undefined && has(entry, capability);
  }

  /** The provider called `name`, which must have `capability`. */
  capable<C extends PaymentCapability>(name: string, capability: C): ProviderWith<C> {
    const provider = this.get(name);
    if (!this.can(name, capability)) throw new AppError('PAYMENT_FAILED', `The payment provider "${name}" cannot do ${capability}`);
    return provider as ProviderWith<C>;
  }

  /** The first provider with `capability`, or null. */
  with<C extends PaymentCapability>(capability: C): ProviderWith<C> | null {
    const entry = this.entries.find((candidate) => has(candidate, capability));
    return (entry?.provider as ProviderWith<C> | undefined) ?? null;
  }

  /** The provider serving a way to pay, refused when this server has none for it. */
  forWay(definition: ProviderDefinition): PaymentProvider {
    const entry = this.entries.find((candidate) => candidate.definition === definition);
    if (!entry) throw new AppError('PAYMENT_FAILED', `${definition.label} is not configured on this server`);
    return entry.provider;
  }

  /** The ways to pay on this site, in the registry's order. */
  get ways(): string[] {
    return this.entries.map((entry) => entry.definition.way);
  }
}
