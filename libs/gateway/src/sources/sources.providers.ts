import { Provider, Type } from '@nestjs/common';
import { ContentController } from './content.controller';
import { DocumentsController } from './documents.controller';
import { DownloadLinks, resolveDownloadSigningKey } from './download-links';
import { DOWNLOADS_BASE_URL, DownloadsOptions } from './downloads.options';
import { SourcesController } from './sources.controller';

/** The routes of documents, web pages, source records, content fetch and deletes. */
export const sourcesControllers: Type<unknown>[] = [
  DocumentsController,
  SourcesController,
  ContentController,
];

export function sourcesProviders(options: DownloadsOptions | undefined): Provider[] {
  return [
    {
      provide: DownloadLinks,
      useValue: new DownloadLinks(options?.signingKey ?? resolveDownloadSigningKey({}).key),
    },
    { provide: DOWNLOADS_BASE_URL, useValue: options?.publicBaseUrl },
  ];
}
