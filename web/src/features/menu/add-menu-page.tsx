export function AddMenuPage() { return null }
