import { describe, expect, it } from 'vitest'
import {
  isIos,
  markCookiesAccepted,
  readCookiesAccepted,
} from '../../src/data/prefs/cookiesAccepted'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const IPADOS =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15'
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

describe('iOS cookies-accepted flag (SPEC.md §4)', () => {
  it('recognises iOS, iPadOS (a Mac with touch) and nothing else', () => {
    expect(isIos(IPHONE)).toBe(true)
    expect(isIos(IPADOS, 5)).toBe(true)
    expect(isIos(IPADOS, 0)).toBe(false)
    expect(isIos(ANDROID, 5)).toBe(false)
  })

  it('is stored per user after a sign-in on iOS', () => {
    const storage = memoryStorage()
    expect(readCookiesAccepted('ada', storage)).toBe(false)
    expect(markCookiesAccepted('ada', { userAgent: IPHONE, storage })).toBe(true)
    expect(readCookiesAccepted('ada', storage)).toBe(true)
    expect(readCookiesAccepted('grace', storage)).toBe(false)
  })

  it('is not stored on other systems', () => {
    const storage = memoryStorage()
    expect(markCookiesAccepted('ada', { userAgent: ANDROID, storage })).toBe(false)
    expect(readCookiesAccepted('ada', storage)).toBe(false)
  })

  it('survives storage that refuses', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
    }
    expect(markCookiesAccepted('ada', { userAgent: IPHONE, storage: broken })).toBe(false)
    expect(readCookiesAccepted('ada', broken)).toBe(false)
  })
})
