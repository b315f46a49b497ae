import { DynamicModule, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DEFAULT_GRAPH_CONTEXT, GraphContextBuilder } from './context/graph-context';
import { createGraphExtractor, GraphModuleOptions, openGraphStore } from './graph.adapters';
import { GraphController } from './graph.controller';
import { GRAPH_SETTINGS, GraphService } from './graph.service';
import { GraphExtractor } from './ports/graph-extractor';
import { GraphStore } from './ports/graph-store';

/**
 * The graph domain: GraphPatterns handlers over the graph store and the extractor. At init it
 * migrates the store; at shutdown it closes it.
 */
@Module({})
export class GraphModule implements OnModuleInit, OnApplicationShutdown {
  constructor(private readonly store: GraphStore) {}

  static forRoot(options: GraphModuleOptions): DynamicModule {
    return {
      module: GraphModule,
      controllers: [GraphController],
      providers: [
        { provide: GRAPH_SETTINGS, useValue: options.settings },
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
        GraphService,
      ],
    };
  }

  async onModuleInit(): Promise<void> {
    await this.store.migrate();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
