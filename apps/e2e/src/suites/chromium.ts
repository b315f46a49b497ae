import { accessSync, constants, statSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's chromium (`apt-get install chromium`); playwright's own browser download is not used. */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** `skip` for a describe that needs the browser: false when it is there, else why not. */
export function skipWithoutChromium(what: string): string | false {
  return executable(CHROMIUM)
    ? false
    : `${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium) to run ${what}`;
}

/** Headless Chromium as the browser specs drive it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}
