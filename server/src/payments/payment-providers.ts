import { AppError } from '../shared/errors';
import { CAPABILITY_METHODS, type PaymentCapability, type PaymentProvider, type ProviderWith } from './provider';
import type { ProviderDefinition, RegisteredProvider } from './provider-definition';

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

  /** The provider whose notifications come to /hooks/payments/<name>: its registry name (an offline imitation answers for its real one), or its own. */
  forNotifications(name: string): RegisteredProvider | undefined {
    return this.entries.find((entry) => entry.definition.name === name || entry.provider.name === name);
  }

  /** The ways to pay on this site, in the registry's order. */
  get ways(): string[] {
    return this.entries.map((entry) => entry.definition.way);
  }
}
