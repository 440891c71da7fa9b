import type { Page } from '@playwright/test'

export type InitialsContrast = { text: string; ratio: number }

/**
 * The contrast of every visible avatar's initials against what is behind them. axe leaves these
 * as "incomplete" (it cannot tell the fallback's background from the avatar stacked under it), so
 * its run alone passed white initials on cyan at 2.8:1. The page paints the colours onto a canvas:
 * that resolves display-p3 and translucent colours the way the screen does.
 */
export async function initialsContrast(page: Page): Promise<InitialsContrast[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 1
    const ctx = canvas.getContext('2d', { willReadFrequently: true })
    if (!ctx) throw new Error('no 2d canvas')
    const pixel = () => Array.from(ctx.getImageData(0, 0, 1, 1).data)
    const paint = (color: string) => {
      ctx.fillStyle = color
      ctx.fillRect(0, 0, 1, 1)
    }
    const isOpaque = (color: string) => {
      ctx.clearRect(0, 0, 1, 1)
      paint(color)
      return pixel()[3] === 255
    }
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const linear = (c: number) => {
        const s = c / 255
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }
    return Array.from(document.querySelectorAll<HTMLElement>('.rt-AvatarFallback'))
      .filter((fallback) => fallback.checkVisibility() && fallback.textContent?.trim())
      .map((fallback) => {
        // The backgrounds from the first opaque one outwards, painted back to front.
        const layers: string[] = []
        for (let el: Element | null = fallback; el; el = el.parentElement) {
          const background = getComputedStyle(el).backgroundColor
          layers.unshift(background)
          if (isOpaque(background)) break
        }
        ctx.clearRect(0, 0, 1, 1)
        paint('#fff')
        layers.forEach(paint)
        const behind = luminance(pixel())
        paint(getComputedStyle(fallback).color)
        const text = luminance(pixel())
        const ratio = (Math.max(behind, text) + 0.05) / (Math.min(behind, text) + 0.05)
        return { text: fallback.textContent?.trim() ?? '', ratio: Math.round(ratio * 100) / 100 }
      })
  })
}
