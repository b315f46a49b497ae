import {
  DynamicModule,
  Inject,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
  Optional,
} from '@nestjs/common';
import { Embedder } from '@trove/embeddings';
import { closeStores, migrateStores, SqlDatabase } from '@trove/platform-database';
import { HealthRegistry } from '@trove/platform-health';
import { ChunkStore } from './ports/chunk-store';
import { addScrapeCollector, chunksStored, exposeMetrics, searchMetrics } from '@trove/platform-metrics';
import { KeywordIndex } from './ports/keyword-index';
import { VectorIndex } from './ports/vector-index';
import { ChunkSpaces } from './reembedding/chunk-spaces';
import { LegacyEmbedders } from './reembedding/legacy-embedders';
import { Reembedder } from './reembedding/reembedder';
import { SpaceRegistry } from './reembedding/space-registry';
import { openChunkStore, SearchStores } from './search.adapters';
import { SearchController } from './search.controller';
import { SEARCH_SERVICE_OPTIONS, SearchService } from './search.service';
import { describeEmbedder, SearchSettings, searchServiceOptions } from './search-settings';

/** What the app hands SearchModule: its database, the stores it opened and its settings. */
export interface SearchModuleOptions {
  /** The `search` schema's database: chunk texts and the re-embedding registry. */
  database: SqlDatabase;
  /** What openSearchStores opened from the same settings; the module closes them at shutdown. */
  stores: SearchStores;
  /** The service's options (searchServiceOptions) and MODELS_DIR, where re-embedding finds old models. */
  settings: SearchSettings;
  /** Told of re-embedding progress. */
  log?: (level: 'info' | 'warn', message: string) => void;
}

const OPTIONS = Symbol('SearchModuleOptions');

/**
 * The search domain: SearchPatterns handlers over the chunk store (SQL) and the two indexes.
 * At init it migrates its stores (the chunk store creates the `search` schema); at shutdown it
 * closes them. It needs no TransportClient: the search service calls no other service.
 */
@Module({})
export class SearchModule implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private removeCollector?: () => void;

  constructor(
    @Inject(OPTIONS) private readonly options: SearchModuleOptions,
    private readonly chunks: ChunkStore,
    private readonly reembedder: Reembedder,
    private readonly legacy: LegacyEmbedders,
    @Optional() private readonly health?: HealthRegistry,
  ) {}

  static forRoot(options: SearchModuleOptions): DynamicModule {
    const { database, stores, settings, log } = options;
    const { embedder, vectorIndex, keywordIndex } = stores;
    return {
      module: SearchModule,
      controllers: [SearchController],
      providers: [
        { provide: OPTIONS, useValue: options },
        { provide: SEARCH_SERVICE_OPTIONS, useValue: searchServiceOptions(settings) },
        { provide: Embedder, useValue: embedder },
        { provide: VectorIndex, useValue: vectorIndex },
        { provide: KeywordIndex, useValue: keywordIndex },
        { provide: ChunkStore, useFactory: () => openChunkStore(database) },
        { provide: SpaceRegistry, useFactory: () => new SpaceRegistry(database) },
        { provide: LegacyEmbedders, useFactory: () => new LegacyEmbedders(settings.MODELS_DIR) },
        {
          provide: ChunkSpaces,
          inject: [SpaceRegistry, ChunkStore, LegacyEmbedders],
          useFactory: (registry: SpaceRegistry, chunks: ChunkStore, legacy: LegacyEmbedders) =>
            new ChunkSpaces(registry, vectorIndex, chunks, embedder, legacy),
        },
        {
          provide: Reembedder,
          inject: [ChunkSpaces, SpaceRegistry, ChunkStore],
          useFactory: (spaces: ChunkSpaces, registry: SpaceRegistry, chunks: ChunkStore) =>
            new Reembedder(spaces, registry, vectorIndex, chunks, embedder, { log }),
        },
        SearchService,
      ],
    };
  }

  async onModuleInit(): Promise<void> {
    const { vectorIndex, keywordIndex } = this.options.stores;
    await migrateStores(this.chunks, vectorIndex, keywordIndex);
  }

  /**
   * Starts re-embedding whatever was embedded with another model, and reports the embedder (and
   * that progress) in /readyz.
   */
  onApplicationBootstrap(): void {
    this.health?.register('embedder', async () => ({
      ...describeEmbedder(this.options.stores.embedder),
      reembedding: this.reembedder.progress(),
    }));
    this.reembedder.start();
    // The index size, read when Prometheus scrapes (a bounded count or the planner's estimate).
    exposeMetrics(searchMetrics);
    this.removeCollector = addScrapeCollector('search', async () => {
      chunksStored.set(await this.chunks.estimatedCount());
    });
  }

  async onApplicationShutdown(): Promise<void> {
    const { embedder, vectorIndex, keywordIndex, workers } = this.options.stores;
    this.removeCollector?.();
    await this.reembedder.stop();
    await this.legacy.close();
    await closeStores(vectorIndex, keywordIndex, this.chunks);
    await workers.close();
    await embedder.close();
  }
}
