import Foundation
import GalleryCore
import GalleryStore
@testable import TesseraApp
import XCTest

/// The first run's folder: stored in the library beside the name (surviving a reopen), the Pictures folder found
/// as the desktop names it, a typed path resolved, a chooser's answer read and a lying one not believed.
final class FolderChoiceTests: XCTestCase {
    private var root: String!

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "tessera-choice-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/home/Bilder", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/home/.config", withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    func testTheChoiceIsKeptInTheLibraryAcrossAReopen() throws {
        do {
            let library = try LibraryStore(directory: root + "/data")
            try library.setUserName("Ada")
            XCTAssertNil(library.setting("folders"))
            try UserData(library: library, name: nil, source: "picsum").saveFolders(["/srv/a", "/srv/b"])
        }
        let again = try LibraryStore(directory: root + "/data")
        XCTAssertEqual(UserData.folders(in: again), ["/srv/a", "/srv/b"])
        XCTAssertEqual(again.userName, "Ada", "the name is untouched")
        try again.setSetting("folders", to: nil)
        XCTAssertEqual(UserData.folders(in: again), [])
    }

    func testThePicturesFolderIsTheOneTheDesktopNamesAndHoldsPhotos() throws {
        let home = root + "/home"
        try Data().write(to: URL(fileURLWithPath: home + "/Bilder/IMG_0001.JPG"))
        try "XDG_PICTURES_DIR=\"$HOME/Bilder\"\n".write(toFile: home + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)
        XCTAssertEqual(FolderChooser.picturesFolder(environment: ["HOME": home]), home + "/Bilder")
        // xdg-user-dirs turns a folder off by naming the home folder: never offered (it would scan everything).
        try Data().write(to: URL(fileURLWithPath: home + "/photo.jpg"))
        try "XDG_PICTURES_DIR=\"$HOME/\"\n".write(toFile: home + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)
        XCTAssertNil(FolderChooser.picturesFolder(environment: ["HOME": home]))
        XCTAssertNil(FolderChooser.picturesFolder(environment: ["HOME": home, "XDG_PICTURES_DIR": ""]), "nor the working directory")
        try FileManager.default.removeItem(atPath: home + "/.config/user-dirs.dirs")
        // An empty ~/Pictures, as desktops make it, is not offered; one with a photo two levels down is.
        try FileManager.default.createDirectory(atPath: home + "/Pictures/2024/June", withIntermediateDirectories: true)
        XCTAssertNil(FolderChooser.picturesFolder(environment: ["HOME": home]), "an empty Pictures folder")
        try Data().write(to: URL(fileURLWithPath: home + "/Pictures/2024/June/beach.heic"))
        XCTAssertEqual(FolderChooser.picturesFolder(environment: ["HOME": home]), home + "/Pictures")
        XCTAssertEqual(FolderChooser.resolve("~/Bilder", home: home), home + "/Bilder")
        XCTAssertEqual(FolderChooser.abbreviated(home + "/Bilder", home: home), "~/Bilder", "shown as a person writes it")
        XCTAssertEqual(FolderChooser.abbreviated("/srv/photos", home: home), "/srv/photos")
        XCTAssertNil(FolderChooser.resolve("~/Nowhere", home: home))
        try Data().write(to: URL(fileURLWithPath: home + "/file"))
        XCTAssertNil(FolderChooser.resolve(home + "/file", home: home), "a file is not a folder")
    }

    func testTheChoosersAnswerIsReadAndOneThatLiesIsNot() throws {
        let script = root + "/chooser"
        for (printed, expected) in [("/srv/photos", "/srv/photos" as String?), ("not a path", nil), ("/a\n/b", nil)] {
            try "#!/bin/sh\nprintf '%s\\n' '\(printed)'\n".write(toFile: script, atomically: true, encoding: .utf8)
            chmod(script, 0o755)
            setenv("TESSERA_FOLDER_CHOOSER", script, 1)
            defer { unsetenv("TESSERA_FOLDER_CHOOSER") }
            let answered = expectation(description: "answered")
            let box = AnswerBox()
            FolderChooser.choose(start: "/") { box.value = $0; answered.fulfill() }
            wait(for: [answered], timeout: 10)
            XCTAssertEqual(box.value, expected, printed)
        }
    }
}

private final class AnswerBox: @unchecked Sendable { var value: String? }
