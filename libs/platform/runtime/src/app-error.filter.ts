import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import { HttpErrorFilter } from '@trove/platform-http';
import type { Logger } from '@trove/platform-logging';
import { RpcErrorFilter } from '@trove/platform-transport';
import { Observable } from 'rxjs';

/** One global filter for both faces of a process: HTTP routes and message handlers. */
@Catch()
export class AppErrorFilter implements ExceptionFilter {
  private readonly http: HttpErrorFilter;
  private readonly rpc: RpcErrorFilter;

  constructor(logger: Logger, service: string) {
    this.http = new HttpErrorFilter(logger);
    this.rpc = new RpcErrorFilter(logger, service);
  }

  catch(exception: unknown, host: ArgumentsHost): Observable<unknown> | void {
    if (host.getType() === 'rpc') return this.rpc.catch(exception, host);
    this.http.catch(exception, host);
  }
}
