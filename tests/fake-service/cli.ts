// `npm run fake-service [-- --port 8787 --demo --seed 1]`: the fake service for the demo and for
// trying the API by hand. Ctrl-C stops it cleanly.

import { startFakeService } from './server';

interface CliOptions {
  port: number;
  seed: number;
  demoEveryMs?: number;
  utcOffsetMinutes?: number;
}

const USAGE = `Usage: npm run fake-service -- [--port N] [--seed N] [--demo] [--demo-every-ms N]
  --port N           port on 127.0.0.1 (default 8787; 0 = any free port)
  --seed N           seed of the generated data (default 1)
  --demo             new mentions every 30 s
  --demo-every-ms N  new mentions every N ms (implies --demo)
  --utc-offset N     the server's time zone as minutes from UTC (e.g. -300 for UTC−5); default:
                     this machine's zone`;

function parseArgs(args: string[]): CliOptions {
  const options: CliOptions = { port: 8787, seed: 1 };
  const number = (flag: string, value: string | undefined): number => {
    const n = Number(value);
    if (value === undefined || !Number.isInteger(n) || n < 0) {
      throw new Error(`${flag} needs a whole number, got ${value ?? 'nothing'}`);
    }
    return n;
  };
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    if (flag === '--port') options.port = number(flag, args[++i]);
    else if (flag === '--seed') options.seed = number(flag, args[++i]);
    else if (flag === '--demo') options.demoEveryMs ??= 30_000;
    else if (flag === '--demo-every-ms') options.demoEveryMs = number(flag, args[++i]);
    else if (flag === '--utc-offset') {
      const value = args[++i];
      const minutes = Number(value);
      if (value === undefined || !Number.isInteger(minutes) || Math.abs(minutes) > 14 * 60) {
        throw new Error(`--utc-offset needs minutes within ±840, got ${value ?? 'nothing'}`);
      }
      options.utcOffsetMinutes = minutes;
    } else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown option ${flag}`);
  }
  return options;
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`fake-service: ${(err as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const service = await startFakeService({
    port: options.port,
    seed: options.seed,
    demoEveryMs: options.demoEveryMs,
    utcOffsetMinutes: options.utcOffsetMinutes,
  });
  const { url, apiKey } = service;
  const project = service.projects()[0];
  console.log(`Fake mention service on ${url}  (seed ${options.seed})
Demo API key: ${apiKey}
${options.demoEveryMs ? `Demo mode: new mentions every ${options.demoEveryMs / 1000} s` : 'Demo mode off (--demo for new mentions every 30 s)'}

Try it:
  TOKEN=$(curl -s -X POST -d key=${apiKey} ${url}/api/login.php | sed 's/.*"token":"\\([^"]*\\)".*/\\1/')
  curl -s "${url}/api/project.php?token=$TOKEN&func=listProjects"
  curl -s "${url}/api/mention.php?token=$TOKEN&func=getMentions&project_id=${project?.project_id ?? 1201}"
  curl -s "${url}/api/project.php?token=$TOKEN&func=getProjectData&project_id=${project?.project_id ?? 1201}"
  curl -s -X POST "${url}/api/project.php?token=$TOKEN&func=addProject" \\
    --data-urlencode name=Initech -d type=brandMonitoring -d language=en -d source=twitter,reddit \\
    -d location=all -d email_notification=0 -d browser_notification=1 -d brand_url=initech.test
  curl -s "${url}/api/project.php?token=$TOKEN&func=removeProject&project_id=<id>"

Control (JSON): POST ${url}/__control/fault {"kind":"rateLimit","count":2,"retryAfter":"5"}
  POST /__control/mentions {"project_id":${project?.project_id ?? 1201},"count":3}   POST /__control/expire-tokens
  POST /__control/clear-faults   POST /__control/reset   GET /__control/state   GET /__control/log
Ctrl-C to stop.`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the fake service...');
    service.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error('fake-service:', err instanceof Error ? err.message : err);
  process.exit(1);
});
