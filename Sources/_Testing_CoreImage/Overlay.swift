// Swift Testing declares a cross-import overlay named `_Testing_CoreImage` for Apple's Core Image, and the Linux
// toolchain keeps that declaration without shipping the module (as for `_Testing_CoreGraphics`). A test target
// importing both Testing and Calyx's CoreImage (QuartzCore re-exports it) needs a module of this name to exist;
// this is it. It adds nothing.
@_exported import CoreImage
@_exported import Testing
