import type { GraphQLContext, HttpExchange, Loaders, RequestFacts } from './context';
import type { JobProcess, ModuleJob, ModuleRoute, ProductModule, RoutePhase, ServiceFactories } from './product-module';
import type { CoreServices, Services } from './services';
import type { Viewer } from './viewer';

/** The product assembled from its modules' manifests: what the server, the worker and the tests run. */
export interface Composition {
  modules: readonly ProductModule[];
  services: Services;
  /** Every module's routes (each module's `routes` called once), by phase, each phase in mounting order. */
  routes: () => Record<RoutePhase, ModuleRoute[]>;
  /** The jobs a process works, in the order of the modules. */
  jobs: (process: JobProcess) => ModuleJob[];
  loaders: (viewer: Viewer | null) => Loaders;
  /** One request's GraphQL context. */
  context: (facts: RequestFacts, http: HttpExchange) => GraphQLContext;
}

/**
 * Builds every module's services over the core. Each service is built once, the first time another
 * asks for it (so modules list them in any order), and all are built before this returns, so a
 * mistake shows at start. `overrides` replace a module's factory (tests: shorter retries, a fake).
 */
export function compose(modules: readonly ProductModule[], core: CoreServices, overrides: ServiceFactories = {}): Composition {
  const factories = new Map<string, { module: string; build: (services: Services) => unknown }>();
  for (const module of modules) {
    for (const [name, build] of Object.entries(module.services ?? {}) as [string, (services: Services) => unknown][]) {
      const other = factories.get(name) ?? (name in core ? { module: 'the core' } : undefined);
      if (other) throw new Error(`The service "${name}" is built by ${other.module} and by the module ${module.name}.`);
      factories.set(name, { module: `the module ${module.name}`, build });
    }
  }
  for (const [name, build] of Object.entries(overrides) as [string, (services: Services) => unknown][]) {
    const built = factories.get(name);
    if (!built) throw new Error(`No module builds the service "${name}" that an override replaces.`);
    factories.set(name, { module: built.module, build });
  }

  const services = { ...core } as Services;
  const building: string[] = [];
  for (const [name, { build }] of factories) {
    Object.defineProperty(services, name, {
      enumerable: true,
      configurable: true,
      get() {
        if (building.includes(name)) throw new Error(`Services that need each other: ${[...building, name].join(' → ')}.`);
        building.push(name);
        try {
          const value = build(services);
          Object.defineProperty(services, name, { value, enumerable: true });
          return value;
        } finally {
          building.pop();
        }
      },
    });
  }
  for (const name of factories.keys()) void (services as unknown as Record<string, unknown>)[name];

  const loaders = (viewer: Viewer | null) =>
    Object.fromEntries(
      modules.flatMap((module) =>
        Object.entries(module.loaders ?? {}).map(([name, make]) => [name, (make as (s: Services, v: Viewer | null) => unknown)(services, viewer)]),
      ),
    ) as unknown as Loaders;

  return {
    modules,
    services,
    routes: () => {
      const routes = modules.flatMap((module) => module.routes?.(services) ?? []);
      // Array.prototype.sort is stable: equal orders keep the modules' order.
      const inPhase = (phase: RoutePhase) => routes.filter((route) => route.phase === phase).sort((a, b) => a.order - b.order);
      return { 'raw-body': inPhase('raw-body'), streams: inPhase('streams'), rest: inPhase('rest') };
    },
    jobs: (process) => modules.flatMap((module) => module.jobs?.(services) ?? []).filter((job) => (job.processes ?? ['server']).includes(process)),
    loaders,
    context: (facts, http) => {
      const fields = modules.map((module) => module.requestFields?.(services, http, facts) ?? {});
      // The request's facts come last: its logger (with the request's id) stands in for the process's.
      return Object.assign({}, services, ...fields, facts, { loaders: loaders(facts.viewer) }) as GraphQLContext;
    },
  };
}
