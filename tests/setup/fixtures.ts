// The users live with the models' fixtures (src/kit/fixtures/), which product code may import.
export { externalUser, selfUser } from '../../src/kit/fixtures/users.fixtures'
