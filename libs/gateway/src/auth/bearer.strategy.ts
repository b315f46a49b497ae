import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Principal } from '@trove/contracts';
import { Strategy } from 'passport-http-bearer';
import { ApiKeyVerifier } from './api-key.verifier';

/** `Authorization: Bearer <API key>` → the key's principal, or 401. */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly verifier: ApiKeyVerifier) {
    super();
  }

  async validate(token: string): Promise<Principal> {
    const principal = await this.verifier.verify(token);
    if (!principal) throw new UnauthorizedException();
    return principal;
  }
}
