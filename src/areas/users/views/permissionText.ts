// What each permission means, in words: shared with the server's explanations (schema/).
export * from '../../../../schema/permission-text'
