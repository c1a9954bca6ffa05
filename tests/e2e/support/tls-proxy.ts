// Debian's nginx in front of a web server, as docs/deploy.md sets it up: it terminates TLS with a
// throwaway self-signed certificate made here (openssl) and passes Host, X-Forwarded-Proto,
// X-Forwarded-For and X-Request-Id on. It runs as this user, its pid file, logs and temporary
// files in its own directory, and is gone with that directory when stopped.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:tls'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

export interface TlsProxy {
  /** The https origin nginx answers on. */
  origin: string
  stop(): Promise<void>
}

const NGINX = process.env.NGINX_PATH || (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx')

/** The site's server block as docs/deploy.md shows it; the rest is what a private nginx needs. */
function nginxConfig(dir: string, port: number, upstream: string): string {
  return `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${userInfo().uid === 0 ? 'user root;' : ''}
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    client_max_body_size 60m;

    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Request-Id $request_id;
    }
  }
}
`
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
      socket.end()
      resolve(true)
    })
    socket.on('error', () => resolve(false))
  })
}

/** Starts nginx on `port`, terminating TLS for 127.0.0.1 and proxying to `upstream` (http://host:port). */
export async function startTlsProxy(port: number, upstream: string): Promise<TlsProxy> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tls-proxy-'))
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    path.join(dir, 'key.pem'),
    '-out',
    path.join(dir, 'cert.pem'),
  ])
  const config = path.join(dir, 'nginx.conf')
  await writeFile(config, nginxConfig(dir, port, upstream))
  const nginx: ChildProcess = spawn(NGINX, ['-p', dir, '-c', config, '-e', path.join(dir, 'error.log')], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()))
  const deadline = Date.now() + 10_000
  while (!(await answers(port))) {
    if (nginx.exitCode !== null || Date.now() > deadline) {
      const log = await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '')
      nginx.kill('SIGTERM')
      throw new Error(`nginx did not start on port ${port}:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    origin: `https://127.0.0.1:${port}`,
    async stop() {
      // SIGQUIT: nginx finishes the requests under way, then exits.
      if (nginx.exitCode === null) nginx.kill('SIGQUIT')
      await exited
      await rm(dir, { recursive: true, force: true })
    },
  }
}
