import { DynamicModule, Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Embedder } from '@trove/embeddings';
import { SqlDatabase } from '@trove/platform-database';
import { ChunkStore } from './chunks/chunk-store';
import { SqlChunkStore } from './chunks/sql-chunk-store';
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
}

const STORES = Symbol('SearchStores');

/**
 * The search domain: SearchPatterns handlers over the chunk store (SQL) and the two indexes.
 * At init it migrates the `search` schema; at shutdown it closes the indexes. It needs no
 * TransportClient: the search service calls no other service.
 */
@Module({})
export class SearchModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(STORES) private readonly options: SearchModuleOptions,
    private readonly chunks: ChunkStore,
  ) {}

  static forRoot(options: SearchModuleOptions): DynamicModule {
    const { database, embedder, vectorIndex, keywordIndex, workers: _workers, ...serviceOptions } = options;
    return {
      module: SearchModule,
      controllers: [SearchController],
      providers: [
        { provide: STORES, useValue: options },
        { provide: SEARCH_SERVICE_OPTIONS, useValue: serviceOptions },
        { provide: Embedder, useValue: embedder },
        { provide: VectorIndex, useValue: vectorIndex },
        { provide: KeywordIndex, useValue: keywordIndex },
        { provide: ChunkStore, useFactory: () => new SqlChunkStore(database) },
        SearchService,
      ],
    };
  }

  async onModuleInit(): Promise<void> {
    if (this.chunks instanceof SqlChunkStore) await this.chunks.migrate();
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.options.vectorIndex.close(), this.options.keywordIndex.close()]);
    await this.options.workers?.close();
    await this.options.embedder.close();
  }
}
