/**
 * Word lists for realistic seeded data: people, browsers, services, and a product-attribute
 * vocabulary. Space- or comma-separated strings keep the lists readable at a glance.
 */
const words = (text: string) => text.trim().split(/\s+/)
const phrases = (text: string) => text.split(',').map((phrase) => phrase.trim())

export const FIRST_NAMES = words(`
  James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard
  Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty
  Anthony Margaret Mark Sandra Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua
  Michelle Kenneth Carol Kevin Amanda Brian Dorothy George Melissa Timothy Deborah Priya Arjun Wei
  Mei Omar Fatima Lucas Sofia Mateo Valentina Kenji Yuki Olu Amara
`)

export const LAST_NAMES = words(`
  Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
  Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris
  Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill
  Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Patel Sharma Chen
  Wang Kim Okafor Silva Rossi Tanaka Novak Kowalski O'Brien MacLeod Haddad
`)

const WEBKIT = 'AppleWebKit/537.36 (KHTML, like Gecko)'
export const USER_AGENTS = [
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${WEBKIT} Chrome/126.0.0.0 Safari/537.36`,
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${WEBKIT} Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0`,
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  `Mozilla/5.0 (Linux; Android 14; Pixel 8) ${WEBKIT} Chrome/126.0.0.0 Mobile Safari/537.36`,
]

export const EMAIL_DOMAINS = words('example.com example.org example.net mail.example.com')

export const SERVICE_ADJECTIVES = words(`
  Acme Blue Central Clinical Coastal Harbor Metro North Prime River Summit Unified Valley West
  Bright Civic Keystone Lakeside
`)
export const SERVICE_NOUNS = phrases(`Billing, Scheduling, Records, Portal, Pharmacy, Lab Results,
  Payroll, Inventory, Messaging, Telehealth, Claims, Referrals, Imaging, Analytics, Helpdesk, Intranet`)
export const SERVICE_PURPOSES = phrases(`Lets staff review and approve, Gives patients a place to
  see, Keeps track of, Sends reminders about, Reports weekly on, Collects and archives`)
export const SERVICE_SUBJECTS = phrases(`appointments, invoices, test results, prescriptions,
  time sheets, supplies, referrals, claims, messages, scans`)

export const ATTRIBUTE_ROOTS = phrases('Apparel, Medical Devices, Furniture, Electronics')
export const ATTRIBUTE_BRANCHES = phrases(`Dimensions, Materials, Packaging, Compliance, Power,
  Appearance, Warranty, Shipping, Care, Safety`)
export const OPTION_WORDS = words(`
  Red Blue Green Black White Small Medium Large Cotton Steel Oak Matte Gloss Walnut Silver
`)
