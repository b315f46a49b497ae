import { DynamicModule, Inject, Module, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import { HealthRegistry } from '@trove/platform-health';
import { DEFAULT_GRAPH_CONTEXT, GraphContextBuilder } from './context/graph-context';
import {
  createGraphExtractor,
  createSimilarNames,
  GraphModuleOptions,
  openGraphStore,
} from './graph.adapters';
import { GraphController } from './graph.controller';
import { GRAPH_SETTINGS, GraphService } from './graph.service';
import { GraphExtractor } from './ports/graph-extractor';
import { GraphStore } from './ports/graph-store';
import { SimilarNames } from './resolution/similar-names';

const GRAPH_MODULE_OPTIONS = Symbol('GraphModuleOptions');

/**
 * The graph domain: GraphPatterns handlers over the graph store and the extractor. At init it
 * migrates the store and reports it in /readyz (where a HealthRegistry is); at shutdown it closes
 * it.
 */
@Module({})
export class GraphModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly store: GraphStore,
    private readonly extractor: GraphExtractor,
    @Inject(GRAPH_MODULE_OPTIONS) private readonly options: GraphModuleOptions,
    @Optional() private readonly health?: HealthRegistry,
  ) {}

  static forRoot(options: GraphModuleOptions): DynamicModule {
    return {
      module: GraphModule,
      controllers: [GraphController],
      providers: [
        { provide: GRAPH_SETTINGS, useValue: options.settings },
        { provide: GRAPH_MODULE_OPTIONS, useValue: options },
        { provide: GraphStore, useFactory: () => openGraphStore(options) },
        { provide: GraphExtractor, useFactory: () => createGraphExtractor(options.settings) },
        {
          provide: GraphContextBuilder,
          inject: [GraphStore],
          useFactory: (store: GraphStore) =>
            new GraphContextBuilder(store, {
              ...DEFAULT_GRAPH_CONTEXT,
              maxPaths: options.settings.GRAPH_CONTEXT_MAX_PATHS,
            }),
        },
        {
          provide: SimilarNames,
          inject: [GraphStore],
          useFactory: (store: GraphStore) => createSimilarNames(options, store),
        },
        GraphService,
      ],
    };
  }

  async onModuleInit(): Promise<void> {
    await this.store.migrate();
    this.health?.register(`graph store (${this.options.settings.GRAPH_STORE})`, () => this.store.ping());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.extractor.close?.();
    await this.store.close();
    if (this.options.ownsEmbedder) await this.options.embedder?.close();
  }
}
