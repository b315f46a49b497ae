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
import { ChunkSpaces } from './reembedding/chunk-spaces';
import { LegacyEmbedders } from './reembedding/legacy-embedders';
import { Reembedder } from './reembedding/reembedder';
import { SpaceRegistry } from './reembedding/space-registry';
import { describeEmbedder } from './search-settings';
import { ChunkStore } from './ports/chunk-store';
import { openChunkStore } from './search.adapters';
import { KeywordIndex } from './ports/keyword-index';
import { VectorIndex } from './ports/vector-index';
import { IndexWorkers } from './workers/index-workers';
import { SearchController } from './search.controller';
import { SEARCH_SERVICE_OPTIONS, SearchService, SearchServiceOptions } from './search.service';

/** What the app hands SearchModule: its stores, chosen from its validated config. */
export interface SearchModuleOptions extends SearchServiceOptions {
  database: SqlDatabase;
  embedder: Embedder;
  vectorIndex: VectorIndex;
  keywordIndex: KeywordIndex;
  /** Closed at shutdown when given (openSearchStores makes them). */
  workers?: IndexWorkers;
  /** Where the ONNX models of earlier vectors are found while re-embedding (default `models`). */
  modelsDir?: string;
  /** Told of re-embedding progress. */
  log?: (level: 'info' | 'warn', message: string) => void;
}

const STORES = Symbol('SearchStores');

/**
 * The search domain: SearchPatterns handlers over the chunk store (SQL) and the two indexes.
 * At init it migrates its stores (the chunk store creates the `search` schema); at shutdown it
 * closes them. It needs no
 * TransportClient: the search service calls no other service.
 */
@Module({})
export class SearchModule implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(STORES) private readonly options: SearchModuleOptions,
    private readonly chunks: ChunkStore,
    private readonly reembedder: Reembedder,
    private readonly legacy: LegacyEmbedders,
    @Optional() private readonly health?: HealthRegistry,
  ) {}

  static forRoot(options: SearchModuleOptions): DynamicModule {
    const {
      database,
      embedder,
      vectorIndex,
      keywordIndex,
      workers: _workers,
      modelsDir,
      log,
      ...serviceOptions
    } = options;
    return {
      module: SearchModule,
      controllers: [SearchController],
      providers: [
        { provide: STORES, useValue: options },
        { provide: SEARCH_SERVICE_OPTIONS, useValue: serviceOptions },
        { provide: Embedder, useValue: embedder },
        { provide: VectorIndex, useValue: vectorIndex },
        { provide: KeywordIndex, useValue: keywordIndex },
        { provide: ChunkStore, useFactory: () => openChunkStore(database) },
        { provide: SpaceRegistry, useFactory: () => new SpaceRegistry(database) },
        { provide: LegacyEmbedders, useFactory: () => new LegacyEmbedders(modelsDir ?? 'models') },
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
    await migrateStores(this.chunks, this.options.vectorIndex, this.options.keywordIndex);
  }

  /**
   * Starts re-embedding whatever was embedded with another model, and reports the embedder (and
   * that progress) in /readyz.
   */
  onApplicationBootstrap(): void {
    this.health?.register('embedder', async () => ({
      ...describeEmbedder(this.options.embedder),
      reembedding: this.reembedder.progress(),
    }));
    this.reembedder.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.reembedder.stop();
    await this.legacy.close();
    await closeStores(this.options.vectorIndex, this.options.keywordIndex, this.chunks);
    await this.options.workers?.close();
    await this.options.embedder.close();
  }
}
