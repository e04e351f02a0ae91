import {
  type FileMakerSimulator,
  type FileMakerSimulatorOptions,
  startFileMakerSimulator,
} from '@portal/simulators';
import type { FileMakerClientOptions } from '../integrations/filemaker/filemaker-client';

// The one door from the server's tests to the FileMaker Data API simulator (a separate app: the boundary
// check allows test support, and nothing else in the server, to start it).

export type { FileMakerSimulator } from '@portal/simulators';

/** The real simulator on a free loopback port, with its seeded patient records unless told otherwise. */
export function startTestFileMakerSimulator(
  options: Omit<FileMakerSimulatorOptions, 'port' | 'host'> = {},
): Promise<FileMakerSimulator> {
  return startFileMakerSimulator({ ...options, port: 0, host: '127.0.0.1' });
}

/** The client settings that reach this simulator: its URL, database, layout and account. */
export function fileMakerSettingsOf(
  simulator: FileMakerSimulator,
): Pick<FileMakerClientOptions, 'url' | 'database' | 'layout' | 'user' | 'password'> {
  const { url, database, layout, user, password } = simulator;
  return { url, database, layout, user, password };
}

/** The portal's FILEMAKER_* settings that point it at this simulator. */
export function fileMakerEnvironmentOf(simulator: FileMakerSimulator): Record<string, string> {
  return {
    FILEMAKER_URL: simulator.url,
    FILEMAKER_DATABASE: simulator.database,
    FILEMAKER_LAYOUT: simulator.layout,
    FILEMAKER_USER: simulator.user,
    FILEMAKER_PASSWORD: simulator.password,
  };
}
