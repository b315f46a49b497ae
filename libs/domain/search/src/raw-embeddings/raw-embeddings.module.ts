import {
  BeforeApplicationShutdown,
  DynamicModule,
  Module,
  OnApplicationBootstrap,
  OnModuleInit,
} from '@nestjs/common';
import { SqlDatabase } from '@trove/platform-database';
import { VectorIndex } from '../ports/vector-index';
import { RawBatchStore } from '../ports/raw-batch-store';
import { RawEmbeddingsController } from './raw-embeddings.controller';
import { RawEmbeddingsService } from './raw-embeddings.service';
import { RawVectorStore } from '../ports/raw-vector-store';
import { SqlRawBatchStore } from '../adapters/sql/sql-raw-batch-store';

export interface RawEmbeddingsModuleOptions {
  /** The search service's database (schema `search_raw`). */
  database: SqlDatabase;
  /** The same VectorIndex the SearchModule was given (which also closes it); raw vectors use its `raw` space. */
  vectorIndex: VectorIndex;
  /**
   * Where batches' vectors are kept as uploaded: FsRawVectorStore for one process with a data
   * directory of its own (standalone), SqlRawVectorStore on the shared database wherever several
   * replicas may run (search-service). Its schema is migrated here.
   */
  vectorStore: RawVectorStore;
}

/**
 * Pre-computed embeddings, hosted by the search service beside SearchModule. Needs the global
 * TransportClient and PayloadStash (TransportModule). At init it migrates `search_raw`; once the
 * app is up it starts indexing, in the background, what is owed and nobody holds (and keeps
 * looking, for batches a dead replica left); before shutdown it lets the running job finish.
 */
@Module({})
export class RawEmbeddingsModule implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    private readonly batches: RawBatchStore,
    private readonly service: RawEmbeddingsService,
  ) {}

  static forRoot(options: RawEmbeddingsModuleOptions): DynamicModule {
    return {
      module: RawEmbeddingsModule,
      controllers: [RawEmbeddingsController],
      providers: [
        { provide: VectorIndex, useValue: options.vectorIndex },
        { provide: RawBatchStore, useFactory: () => new SqlRawBatchStore(options.database) },
        { provide: RawVectorStore, useValue: options.vectorStore },
        RawEmbeddingsService,
      ],
    };
  }

  async onModuleInit(): Promise<void> {
    if (this.batches instanceof SqlRawBatchStore) await this.batches.migrate();
  }

  onApplicationBootstrap(): void {
    this.service.startIndexing();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.service.close();
  }
}
