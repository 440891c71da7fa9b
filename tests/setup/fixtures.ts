// The users live with the models' fixtures (src/flows/paths/), which product code may import.
export { externalUser, selfUser } from '../../src/flows/paths/users.fixtures'
