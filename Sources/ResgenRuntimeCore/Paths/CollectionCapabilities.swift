// The six capability markers of further collections, kept together as ResourceCapabilities.swift keeps
// the resources' own: each path of a resource grants its own operations (`/tasks` may create and delete
// while `/projects/{id}/tasks` only lists), so they are conformances of the path's type, not the
// resource's.

/// A further collection that can be listed (`GET` on the collection).
public protocol ListableCollection: ResourceCollection {}

/// A further collection whose instances can be read (`GET` on an instance).
public protocol ShowableCollection: ResourceCollection {}

/// A further collection in which instances can be created (`POST` on the collection).
public protocol CreatableCollection: ResourceCollection {}

/// A further collection whose instances can be replaced (`PUT` on an instance).
public protocol ReplaceableCollection: ResourceCollection {}

/// A further collection whose instances can be partly updated (`PATCH` on an instance).
public protocol PatchableCollection: ResourceCollection {}

/// A further collection whose instances can be deleted (`DELETE` on an instance).
public protocol DeletableCollection: ResourceCollection {}
