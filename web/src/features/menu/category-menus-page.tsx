export function CategoryMenusPage() { return null }
