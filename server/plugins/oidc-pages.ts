import { readdirSync } from 'node:fs'
import path from 'node:path'
import type { ErrorOut, KoaContextWithOIDC } from 'oidc-provider'
import type { App } from '../app-types'
import {
  errorPage,
  logoutPage,
  type PageFonts,
  type PageStyle,
  pageStyle,
  type ServiceMark,
  signedOutPage,
} from '../presenters/oidc-pages'
import { oidcAccount } from '../use-cases/oidc-clients'
import { logoUrl } from '../use-cases/service-logo'
import { clientService } from './oidc-context'
import { oidcPolicy } from './oidc-headers'

/**
 * The console build's Latin fonts (hashed names under assets/, from @fontsource): the pages use
 * the console's files rather than a second copy. Without a build the pages use system fonts.
 */
function consoleFonts(consoleDir: string): PageFonts {
  let files: string[]
  try {
    files = readdirSync(path.join(consoleDir, 'assets'))
  } catch {
    return {}
  }
  const find = (prefix: string) => {
    const file = files.find((name) => name.startsWith(prefix) && name.endsWith('.woff2'))
    return file ? `/assets/${file}` : undefined
  }
  return {
    body: find('libre-franklin-latin-400-normal-'),
    bodyMedium: find('libre-franklin-latin-500-normal-'),
    heading: find('crete-round-latin-400-normal-'),
  }
}

export interface OidcPages {
  style: PageStyle
  logoutSource: (ctx: KoaContextWithOIDC, form: string) => Promise<void>
  postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => Promise<void>
  renderError: (ctx: KoaContextWithOIDC, out: ErrorOut) => void
}

/** The provider's pages in Gatehouse's look (presenters/oidc-pages.ts), with what they show. */
export function oidcPages(app: App, consoleDir: string): OidcPages {
  const style = pageStyle(consoleFonts(consoleDir))

  /** The service a logout names (id_token_hint or client_id): its name and a link to its logo. */
  const serviceOf = async (ctx: KoaContextWithOIDC): Promise<ServiceMark | undefined> => {
    const client = ctx.oidc.client
    if (!client) return undefined
    const { id } = clientService(client)
    const name = client.clientName ?? client.clientId
    if (id === undefined) return { name, logoUrl: null }
    const useCase = {
      db: app.db,
      config: app.config,
      outbox: app.outbox,
      client: { ip: ctx.ip, userAgent: '' },
      files: app.files,
    }
    // No logo (404) or none readable: the page shows the service's initial instead.
    const url = await logoUrl(useCase, id, 'medium').catch(() => null)
    return { name, logoUrl: url }
  }

  const html = (ctx: KoaContextWithOIDC, body: string) => {
    ctx.type = 'html'
    ctx.body = body
  }

  return {
    style,
    logoutSource: async (ctx, form) => {
      const service = await serviceOf(ctx)
      const accountId = ctx.oidc.session?.accountId
      const account = accountId ? await oidcAccount(app.db, accountId) : undefined
      // The form posts here, and the provider then redirects to the service's registered
      // post-logout URI; browsers check form-action on that redirect too.
      const back = ctx.oidc.params?.post_logout_redirect_uri
      const target = typeof back === 'string' ? URL.parse(back)?.origin : undefined
      ctx.set(
        'content-security-policy',
        oidcPolicy(style.source, { formAction: `'self'${target ? ` ${target}` : ''}` }),
      )
      html(ctx, logoutPage(style, { service, email: account?.email, form }))
    },
    postLogoutSuccessSource: async (ctx) => {
      html(ctx, signedOutPage(style, { service: await serviceOf(ctx), home: '/' }))
    },
    renderError: (ctx, out) => {
      const signOut = String(ctx.oidc?.route ?? '').startsWith('end_session')
      html(ctx, errorPage(style, { signOut, error: out.error, description: out.error_description }))
    },
  }
}
