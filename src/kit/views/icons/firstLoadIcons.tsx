import type { SVGProps } from 'react'

/*
 * The few icons the console's first load shows (the login form, its callouts, notifications),
 * drawn here on the 15 × 15 grid of @radix-ui/react-icons. That package is one module: whatever
 * icon any screen uses travels in one shared chunk, which /login then had to load whole
 * (docs/console-first-load.md). Every other screen keeps using the package.
 */

type IconProps = SVGProps<SVGSVGElement>

function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      width="15"
      height="15"
      viewBox="0 0 15 15"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.1"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  )
}

export const Cross2Icon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 4l7 7M11 4l-7 7" />
  </Icon>
)

export const CheckCircledIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="7.5" cy="7.5" r="6" />
    <path d="M4.8 7.7l1.8 1.8 3.6-4" />
  </Icon>
)

export const InfoCircledIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="7.5" cy="7.5" r="6" />
    <path d="M7.5 6.8v3.7" />
    <circle cx="7.5" cy="4.6" r="0.45" fill="currentColor" />
  </Icon>
)

export const ExclamationTriangleIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7.5 1.8l6 10.6a.6.6 0 0 1-.5.9H2a.6.6 0 0 1-.5-.9z" />
    <path d="M7.5 5.5v3.4" />
    <circle cx="7.5" cy="10.9" r="0.45" fill="currentColor" />
  </Icon>
)

export const EyeOpenIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M1 7.5C2.6 4.6 4.9 3.2 7.5 3.2s4.9 1.4 6.5 4.3c-1.6 2.9-3.9 4.3-6.5 4.3S2.6 10.4 1 7.5z" />
    <circle cx="7.5" cy="7.5" r="2" />
  </Icon>
)

export const EyeClosedIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M1.2 6c1.6 2.3 3.8 3.5 6.3 3.5s4.7-1.2 6.3-3.5" />
    <path d="M3.2 8.3l-1.1 1.6M5.9 9.3l-.5 1.9M9.1 9.3l.5 1.9M11.8 8.3l1.1 1.6" />
  </Icon>
)

export const LockClosedIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="6.5" width="9" height="6.5" rx="1" />
    <path d="M5 6.5V4.8a2.5 2.5 0 0 1 5 0v1.7" />
  </Icon>
)
