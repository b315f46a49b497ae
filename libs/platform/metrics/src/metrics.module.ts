import { Module } from '@nestjs/common';
import { MetricsHttpController } from './metrics-http.controller';

/** The unprotected /metrics of a service's health port (runService imports it). */
@Module({ controllers: [MetricsHttpController] })
export class MetricsModule {}
