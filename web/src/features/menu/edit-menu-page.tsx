export function EditMenuPage() { return null }
